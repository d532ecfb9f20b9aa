/*
 * The Lighthouse scenario (issue 41): `npm run bench -- --scenario lighthouse [--page /register]`.
 *
 * Lighthouse's mobile run (simulated slow 4G and a CPU four times slower; performance only)
 * of the public pages and the signed-in pages of the agency's owner and of a client, against
 * the bench's build and world (its chat of 200 messages among them): each page RUNS times,
 * one run at a time, and the run of the median score reported with its paints and blocking
 * time. Lighthouse times the main thread's tasks on this machine and scales them, so the
 * machine must be quiet; each run's `benchmarkIndex` (Lighthouse's measure of the CPU) is
 * shown beside it. Lighthouse is not a dependency of the project (it and its Puppeteer
 * weigh more than the app's own): npx fetches the version below from the npm registry once.
 * The browser is the system's Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { PagesWorld } from "./world";
import { fixed, printTable } from "./support";

const LIGHTHOUSE = "lighthouse@13.5.0";
const RUNS = 3;

type Page = { name: string; path: string; cookie?: string };
type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; benchmarkIndex: number };
export type LighthouseRow = Page & { scores: number[]; median: Run };

/** Every page a person opens first: the public ones, the owner's and a client's. */
export function lighthousePages(world: PagesWorld): Page[] {
  const owner = world.ownerCookie;
  const client = world.chatClientCookie;
  return [
    { name: "/", path: "/" },
    { name: "/login", path: "/login" },
    { name: "/register", path: "/register" },
    { name: "/forgot-password", path: "/forgot-password" },
    { name: "/terms", path: "/terms" },
    { name: "/dashboard", path: "/dashboard", cookie: owner },
    { name: "/spaces", path: "/spaces", cookie: owner },
    { name: "/spaces/{id} (200 msgs)", path: `/spaces/${world.chatSpaceId}`, cookie: owner },
    { name: "/spaces/{id}/files", path: `/spaces/${world.chatSpaceId}/files`, cookie: owner },
    { name: "/clients", path: "/clients", cookie: owner },
    { name: "/team", path: "/team", cookie: owner },
    { name: "/settings", path: "/settings", cookie: owner },
    { name: "/search?q=homepage", path: "/search?q=homepage", cookie: owner },
    { name: "/client/dashboard", path: "/client/dashboard", cookie: client },
    { name: "/client/chat/{id}", path: `/client/chat/${world.chatSpaceId}`, cookie: client },
    { name: "/client/settings", path: "/client/settings", cookie: client },
  ];
}

export async function lighthouseScenario(origin: string, pages: Page[]): Promise<LighthouseRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseAgain(`${origin}${page.path}`, page.cookie, dir));
      const byScore = [...runs].sort((a, b) => a.score - b.score);
      const median = byScore[Math.floor(byScore.length / 2)];
      rows.push({ ...page, scores: runs.map((run) => run.score), median });
      console.log(`bench: lighthouse ${page.name}: ${runs.map((run) => run.score).join(", ")}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    `Lighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, performance: ${RUNS} runs a page, the median run's figures`,
    ["page", "scores", "median", "FCP ms", "LCP ms", "TBT ms", "CLS", "CPU index"],
    rows.map((row) => [
      row.name,
      row.scores.join(" "),
      String(row.median.score),
      fixed(row.median.fcp),
      fixed(row.median.lcp),
      fixed(row.median.tbt),
      row.median.cls.toFixed(3),
      fixed(row.median.benchmarkIndex),
    ]),
  );
  const below = rows.filter((row) => row.median.score < 95);
  console.log(
    `Lighthouse ≥ 95: ${rows.length - below.length} of ${rows.length} pages` +
      (below.length ? `; below: ${below.map((row) => `${row.name} ${row.median.score}`).join(", ")}` : ""),
  );
  return rows;
}

// Lighthouse sometimes loses its trace of a load ("NO_NAVSTART", "Please run Lighthouse again"): it is run again.
async function lighthouseAgain(url: string, cookie: string | undefined, dir: string, tries = 3): Promise<Run> {
  try {
    return await lighthouse(url, cookie, dir);
  } catch (error) {
    if (tries <= 1 || !String((error as { stderr?: string }).stderr).includes("run Lighthouse again")) throw error;
    console.log(`bench: lighthouse ${url}: its trace was lost, running it again`);
    return lighthouseAgain(url, cookie, dir, tries - 1);
  }
}

async function lighthouse(url: string, cookie: string | undefined, dir: string): Promise<Run> {
  const output = path.join(dir, "report.json");
  await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--only-categories=performance",
      "--output=json",
      `--output-path=${output}`,
      "--chrome-flags=--headless=new --no-sandbox",
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 << 20 },
  );
  const report = JSON.parse(fs.readFileSync(output, "utf8")) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
    environment: { benchmarkIndex: number };
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}
