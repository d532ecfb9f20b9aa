import { describe, expect, test } from "vitest";
import { FairQueue } from "~/services/fair-queue.server";

/*
 * The in-process queue that reads link previews (app/services/fair-queue.server.ts): a
 * few workers, a cap per group, and a group at its cap never holds up the others.
 * Each task here finishes when the test says so, so what runs when is decided by the
 * queue alone.
 */

function controlledTasks(queue: FairQueue) {
  const started: string[] = [];
  const finish = new Map<string, (value: string) => void>();
  const fail = new Map<string, (error: Error) => void>();
  const add = (group: string, name: string) =>
    queue.run(group, () => {
      started.push(name);
      return new Promise<string>((resolve, reject) => {
        finish.set(name, resolve);
        fail.set(name, reject);
      });
    });
  const done = (name: string) => finish.get(name)!(name);
  return { started, add, done, fail: (name: string) => fail.get(name)!(new Error(`${name} failed`)) };
}

describe("a fair queue", () => {
  test("runs one group's tasks up to its cap and lets other groups' tasks go past the rest", async () => {
    const tasks = controlledTasks(new FairQueue({ workers: 3, perGroup: 1 }));
    const flood = ["a1", "a2", "a3", "a4"].map((name) => tasks.add("agency-a", name));
    const other = tasks.add("agency-b", "b1");
    const third = tasks.add("agency-c", "c1");
    expect(tasks.started).toEqual(["a1", "b1", "c1"]);

    tasks.done("b1");
    expect(await other).toBe("b1");
    // A free worker takes no more of a group at its cap.
    expect(tasks.started).toEqual(["a1", "b1", "c1"]);

    tasks.done("a1");
    expect(await flood[0]).toBe("a1");
    expect(tasks.started).toEqual(["a1", "b1", "c1", "a2"]);
    tasks.done("c1");
    await third;
    expect(tasks.started).toEqual(["a1", "b1", "c1", "a2"]);
  });

  test("never runs more tasks at once than it has workers", async () => {
    const tasks = controlledTasks(new FairQueue({ workers: 2, perGroup: 1 }));
    const runs = ["a", "b", "c"].map((group) => tasks.add(group, group));
    expect(tasks.started).toEqual(["a", "b"]);
    tasks.done("a");
    await runs[0];
    expect(tasks.started).toEqual(["a", "b", "c"]);
  });

  test("a task that fails rejects its own run and frees its worker for the next", async () => {
    const tasks = controlledTasks(new FairQueue({ workers: 1, perGroup: 1 }));
    const failing = tasks.add("a", "a1");
    const next = tasks.add("a", "a2");
    tasks.fail("a1");
    await expect(failing).rejects.toThrow("a1 failed");
    expect(tasks.started).toEqual(["a1", "a2"]);
    tasks.done("a2");
    expect(await next).toBe("a2");
  });
});
