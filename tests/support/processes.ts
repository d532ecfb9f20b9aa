import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/*
 * Processes and ports for the realtime tests, `npm run chaos` and `npm run bench`. No app
 * module is imported here, so a script may use it before it sets the app's environment.
 */

/**
 * A Node process (these arguments to this Node) that counts as started once its standard
 * output says `ready`; rejects if it exits first. Used for app instances here and for the
 * production build in `npm run bench`.
 */
export async function startProcess(
  args: string[],
  { env = process.env, ready }: { env?: NodeJS.ProcessEnv; ready: string },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code, signal) => reject(new Error(`${args.join(" ")} exited with ${signal ?? code}`)));
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes(ready) && resolve());
  });
  child.removeAllListeners("exit");
  return child;
}

/** A port nobody listens on now, so that a restarted instance can come back on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
