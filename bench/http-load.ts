/*
 * A load process of `npm run bench`'s pages scenario (forked by bench/run.ts): `connections`
 * keep-alive connections, each sending its next request when the last one's body is in
 * (a closed loop, as autocannon does), for `durationMs` after `warmupMs`. Asks for gzip,
 * as a browser does, so compression is part of the cost.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

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

function get(agent: http.Agent, url: URL, cookie?: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html", ...(cookie && { cookie }) } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

async function measure({ url, cookie, connections, durationMs, warmupMs }: HttpJob): Promise<HttpResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sentAt = performance.now();
        const answer = await get(agent, target, cookie).catch(() => ({ status: 0, bytes: 0 }));
        if (sentAt < measureFrom) continue;
        latencies.push(performance.now() - sentAt);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes += answer.bytes;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / ((performance.now() - measureFrom) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    statuses,
    bytes,
  };
}

process.on("message", async (job: HttpJob) => {
  process.send!(await measure(job));
});
