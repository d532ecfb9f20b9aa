import { describe, expect, test } from "vitest";
import { batched } from "~/services/batches.server";

/* The reads a burst of handshakes shares (app/services/batches.server.ts). */

function recordingReads({ hold, concurrency }: { hold: number; concurrency?: number }) {
  const reads: string[][] = [];
  const releases: Array<() => void> = [];
  const loader = batched(
    async (keys: readonly string[]) => {
      reads.push([...keys]);
      // The first `hold` reads stay on their way until released; those after them answer at once.
      if (reads.length <= hold) await new Promise<void>((resolve) => releases.push(resolve));
      return keys.map((key) => (key === "bad" ? new Error("no such key") : key.toUpperCase()));
    },
    { concurrency },
  );
  return { loader, reads, release: () => releases.shift()?.() };
}

/**
 * The next turn of the event loop: a batch that goes at all goes by then (batched schedules
 * it with setImmediate as the first key is asked for), so what has not gone is held.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("reads asked for together", () => {
  test("a lone key is read on its own; keys asked for while a read is on its way go in one read after it", async () => {
    const { loader, reads, release } = recordingReads({ hold: 1 });
    const first = loader.load("a");
    await nextTurn();
    expect(reads).toEqual([["a"]]);
    const waiting = ["b", "c", "d"].map((key) => loader.load(key));
    await nextTurn();
    expect(reads).toEqual([["a"]]);
    release();
    expect(await first).toBe("A");
    expect(await Promise.all(waiting)).toEqual(["B", "C", "D"]);
    expect(reads).toEqual([["a"], ["b", "c", "d"]]);
  });

  test("each key gets its own answer or error, and nothing is cached", async () => {
    const { loader, reads } = recordingReads({ hold: 0 });
    await loader.load("warm");
    const [good, bad] = await Promise.allSettled([loader.load("x"), loader.load("bad")]);
    expect(good).toEqual({ status: "fulfilled", value: "X" });
    expect(bad).toMatchObject({ status: "rejected", reason: { message: "no such key" } });
    await loader.load("x");
    expect(reads.filter((keys) => keys.includes("x"))).toHaveLength(2);
  });

  test("with two on their way at once, keys asked for meanwhile go together once one of them is answered", async () => {
    const { loader, reads, release } = recordingReads({ hold: 2, concurrency: 2 });
    const first = loader.load("a");
    await nextTurn();
    const second = loader.load("b");
    await nextTurn();
    expect(reads).toEqual([["a"], ["b"]]);
    const waiting = ["c", "d"].map((key) => loader.load(key));
    await nextTurn();
    expect(reads).toEqual([["a"], ["b"]]);
    release();
    expect(await first).toBe("A");
    expect(await Promise.all(waiting)).toEqual(["C", "D"]);
    expect(reads).toEqual([["a"], ["b"], ["c", "d"]]);
    release();
    expect(await second).toBe("B");
  });
});
