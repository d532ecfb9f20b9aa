/*
 * A load process of `npm run bench`'s pages scenario (forked by bench/run.ts): autocannon
 * with `connections` keep-alive connections for `durationMs`, after a warm-up of
 * `warmupMs` that is not counted. Asks for gzip, as a browser does, so compression is
 * part of the cost.
 */
import autocannon from "autocannon";

export type HttpJob = { url: string; cookie?: string; connections: number; durationMs: number; warmupMs: number };
export type HttpResult = {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  bytes: number;
};

async function measure({ url, cookie, connections, durationMs, warmupMs }: HttpJob): Promise<HttpResult> {
  const headers = { "accept-encoding": "gzip, deflate, br", accept: "text/html", ...(cookie && { cookie }) };
  const run = (milliseconds: number) => autocannon({ url, connections, headers, duration: milliseconds / 1000 });
  if (warmupMs > 0) await run(warmupMs);
  const result = await run(durationMs);
  const statuses: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count.count ?? 0;
  if (result.errors + result.timeouts > 0) statuses["0"] = result.errors + result.timeouts;
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / (durationMs / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    bytes: result.throughput.total,
  };
}

process.on("message", async (job: HttpJob) => {
  process.send!(await measure(job));
});
