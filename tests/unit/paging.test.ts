import { describe, expect, test } from "vitest";
import { takePage } from "~/shared/paging";

/* Which page of a long list an address gets, whatever it asks for (issue 15: never a 500, always a page). */

/** The page `requested` of `total` rows, and the range the rows were taken from. */
async function pageOf(requested: number, total: number) {
  const ranges: Array<{ limit: number; offset: number }> = [];
  const page = await takePage(
    requested,
    async () => total,
    async (range) => {
      ranges.push(range);
      return Array.from({ length: Math.min(range.limit, total - range.offset) }, (_, index) => range.offset + index);
    },
  );
  return { ...page, ranges };
}

describe("a page of a long list", () => {
  test("300 rows are 6 pages of 50; the last holds the rest", async () => {
    expect(await pageOf(1, 300)).toMatchObject({ page: 1, pageCount: 6, perPage: 50, total: 300 });
    expect((await pageOf(1, 300)).items).toHaveLength(50);
    const last = await pageOf(7, 310);
    expect(last).toMatchObject({ page: 7, pageCount: 7, total: 310, ranges: [{ limit: 50, offset: 300 }] });
    expect(last.items).toEqual(Array.from({ length: 10 }, (_, index) => 300 + index));
  });

  test.each([
    ["nothing a number", Number("abc"), 1],
    ["zero", 0, 1],
    ["a negative page", -3, 1],
    ["a fraction", 2.7, 2],
    ["past the end", 99, 6],
    ["a number too large to be one", Number("1e999"), 6],
  ])("%s gives a page there is", async (_case, requested, expected) => {
    const page = await pageOf(requested, 300);
    expect(page.page).toBe(expected);
    expect(page.ranges).toEqual([{ limit: 50, offset: (expected - 1) * 50 }]);
  });

  test("an empty list is one empty page, and no rows are asked for", async () => {
    expect(await pageOf(4, 0)).toEqual({ items: [], page: 1, pageCount: 1, perPage: 50, total: 0, ranges: [] });
  });
});
