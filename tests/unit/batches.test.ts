import { describe, expect, test } from "vitest";
import { batchedReads } from "~/services/batches.server";

/* The reads a burst of handshakes shares (app/services/batches.server.ts). */

function recordingReads({ holdFirst }: { holdFirst: boolean }) {
  const reads: string[][] = [];
  let release: () => void = () => {};
  const loader = batchedReads(async (keys: readonly string[]) => {
    reads.push([...keys]);
    // The first read stays on its way until released; those after it answer at once.
    if (holdFirst && reads.length === 1) await new Promise<void>((resolve) => (release = resolve));
    return keys.map((key) => (key === "bad" ? new Error("no such key") : key.toUpperCase()));
  });
  return { loader, reads, release: () => release() };
}

describe("reads asked for together", () => {
  test("a lone key is read on its own; keys asked for while a read is on its way go in one read after it", async () => {
    const { loader, reads, release } = recordingReads({ holdFirst: true });
    const first = loader.load("a");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(reads).toEqual([["a"]]);
    const waiting = ["b", "c", "d"].map((key) => loader.load(key));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([["a"]]);
    release();
    expect(await first).toBe("A");
    expect(await Promise.all(waiting)).toEqual(["B", "C", "D"]);
    expect(reads).toEqual([["a"], ["b", "c", "d"]]);
  });

  test("each key gets its own answer or error, and nothing is cached", async () => {
    const { loader, reads } = recordingReads({ holdFirst: false });
    await loader.load("warm");
    const [good, bad] = await Promise.allSettled([loader.load("x"), loader.load("bad")]);
    expect(good).toEqual({ status: "fulfilled", value: "X" });
    expect(bad).toMatchObject({ status: "rejected", reason: { message: "no such key" } });
    await loader.load("x");
    expect(reads.filter((keys) => keys.includes("x"))).toHaveLength(2);
  });
});
