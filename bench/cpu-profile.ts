/*
 * Where a `node --cpu-prof` profile's time went: self time per function and per package,
 * the largest first. `npm run bench -- --profile` prints it for the server's profile;
 * `npx tsx bench/cpu-profile.ts FILE.cpuprofile` prints it for any.
 */
import fs from "node:fs";
import url from "node:url";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const bundles = new Map<string, Array<[line: number, source: string]>>();

/** The source files esbuild put into a bundle, by the line where each begins (its `// path` comment). */
function bundleSources(file: string) {
  let sources = bundles.get(file);
  if (!sources) {
    sources = [];
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : [];
    lines.forEach((line, index) => {
      const match = /^\/\/ (\S+\.(?:js|cjs|mjs|ts|tsx))$/.exec(line);
      if (match) sources!.push([index, match[1]]);
    });
    bundles.set(file, sources);
  }
  return sources;
}

/** Which package (or part of the app) a script URL and line belong to, looking inside our esbuild bundles. */
function owner(scriptUrl: string, lineNumber: number): string {
  if (!scriptUrl) return "(native/V8)";
  if (scriptUrl.startsWith("node:")) return "node core";
  let source = scriptUrl;
  if (scriptUrl.startsWith("file:")) {
    const sources = bundleSources(url.fileURLToPath(scriptUrl.replace(/\?.*$/, "")));
    let found: string | undefined;
    for (const [line, path] of sources) {
      if (line > lineNumber) break;
      found = path;
    }
    source = found ?? scriptUrl;
  }
  const modules = source.split("node_modules/");
  if (modules.length > 1) {
    const parts = modules.at(-1)!.split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const own = source.replace(/^(\.\.\/)+/, "");
  return own.startsWith("app/") ? own.split("/").slice(0, 2).join("/") : own.replace(/^.*\//, "");
}

export function summarize(file: string, top = 15) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url: scriptUrl, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || "(anonymous)"} ${owner(scriptUrl, lineNumber)}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
    const bucket = functionName === "(idle)" ? "(idle)" : owner(scriptUrl, lineNumber);
    packages.set(bucket, (packages.get(bucket) ?? 0) + time);
  }
  const busy = total - (packages.get("(idle)") ?? 0);
  const rows = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => !name.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, ms: Math.round(time / 1000), share: time / busy }));
  return {
    totalMs: Math.round(total / 1000),
    busyMs: Math.round(busy / 1000),
    functions: rows(functions),
    packages: rows(packages),
  };
}

export function printSummary(file: string) {
  const { totalMs, busyMs, functions, packages } = summarize(file);
  console.log(`\nCPU profile ${file}: ${busyMs} ms busy of ${totalMs} ms`);
  for (const [title, rows] of [
    ["self time by package", packages],
    ["self time by function", functions],
  ] as const) {
    console.log(`  ${title}:`);
    for (const row of rows)
      console.log(`    ${(row.share * 100).toFixed(1).padStart(5)}%  ${String(row.ms).padStart(6)} ms  ${row.name}`);
  }
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) printSummary(process.argv[2]);
