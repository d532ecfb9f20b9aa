/*
 * What `npm run bench`'s scenarios share: the processes it starts (each ended by the run's
 * clean-up), talking to a load process over IPC, the server's memory, and the tables.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Every process the run started; ended by its clean-up, also on Ctrl-C. */
export const children: ChildProcess[] = [];

const ending = new WeakSet<ChildProcess>();

/** Says so when a server process ends without being asked to: its figures from then on are not the app's. */
export function watchExit(child: ChildProcess, name: string) {
  child.once("exit", (code, signal) => {
    if (!ending.has(child))
      console.error(`bench: ${name} (pid ${child.pid}) ended unasked: ${signal ?? `exit code ${code}`}`);
  });
}

export function kill(child: ChildProcess, signal: NodeJS.Signals) {
  ending.add(child);
  child.kill(signal);
}

export function stop(child: ChildProcess): Promise<void> {
  ending.add(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export function forkLoad(script: string): ChildProcess {
  const child = fork(script, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.push(child);
  return child;
}

export function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load process exited with ${code}`));
    child.once("exit", onExit);
    child.once("message", (answer) => {
      child.off("exit", onExit);
      resolve(answer as T);
    });
    child.send(message as object);
  });
}

/** An absolute time in ms that the load processes' clocks share (performance.timeOrigin + now). */
export const now = () => performance.timeOrigin + performance.now();
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory now, in MB. */
export function rssMb(pid: number) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** How many files (sockets among them) the process may hold open: its soft `ulimit -n`. */
export function openFilesLimit(pid: number) {
  return Number(/Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, "utf8"))?.[1] ?? Infinity);
}

export function percentile(sorted: number[], p: number): number | null {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : null;
}

export function fixed(value: number | null) {
  return value === null ? "-" : value.toFixed(value < 10 ? 2 : 1);
}

export function printTable(title: string, headers: string[], rows: string[][]) {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => row[index].length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join("  ");
  console.log(`\n${title}\n${line(headers)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}
