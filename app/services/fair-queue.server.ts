/*
 * Work run a few tasks at a time in this process, with a cap per group (a tenant): when a
 * worker is free it takes the oldest waiting task whose group runs fewer than its cap, so
 * one group's backlog of slow tasks holds at most its cap of the workers and every other
 * group's tasks go past the rest of it. pg-boss 10 has no cap per group: its "singleton"
 * policy keyed by group makes a worker's fetch fail whenever the oldest job's group is
 * running already, which holds up every group behind it (decision 032).
 */

export type FairQueueLimits = {
  /** Tasks running at once, all groups together. */
  workers: number;
  /** Tasks of one group running at once. */
  perGroup: number;
};

type Waiting = { group: string; start: () => void };

export class FairQueue {
  private waiting: Waiting[] = [];
  private runningByGroup = new Map<string, number>();
  private running = 0;

  constructor(readonly limits: FairQueueLimits) {}

  /** Runs `task` once a worker is free and its group is under its cap; settles as the task does. */
  run<T>(group: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        group,
        // Started at once (a task that throws rejects its run like one that fails later);
        // its worker goes to the next task before its run settles.
        start: () =>
          void new Promise<T>((settle) => settle(task())).finally(() => this.finished(group)).then(resolve, reject),
      });
      this.startWaiting();
    });
  }

  private startWaiting() {
    while (this.running < this.limits.workers) {
      const index = this.waiting.findIndex(({ group }) => this.runningIn(group) < this.limits.perGroup);
      if (index < 0) return;
      const [next] = this.waiting.splice(index, 1);
      this.running++;
      this.runningByGroup.set(next.group, this.runningIn(next.group) + 1);
      next.start();
    }
  }

  private finished(group: string) {
    this.running--;
    const left = this.runningIn(group) - 1;
    if (left) this.runningByGroup.set(group, left);
    else this.runningByGroup.delete(group);
    this.startWaiting();
  }

  private runningIn(group: string) {
    return this.runningByGroup.get(group) ?? 0;
  }
}
