/*
 * `npm test`: the vitest suite, then (when Chromium is installed) a production build
 * and the Playwright suite: every test with JavaScript, and those tagged @no-js again
 * without it (playwright.config.ts). Exits non-zero if any step fails.
 * REQUIRE_BROWSER=1 makes a missing Chromium a failure instead of a skip.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const bin = (name) => path.resolve("node_modules", ".bin", name);

// How long each part took, printed as the run ends: CI's table of timings has only the whole.
const took = [];
process.on("exit", () => {
  if (took.length) console.log(`\nnpm test took: ${took.join(", ")}`);
});

function run(label, command, args) {
  console.log(`\n> ${[path.basename(command), ...args].join(" ")}`);
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.error) console.error(result.error.message);
  took.push(`${label} ${Math.round((Date.now() - begun) / 1000)} s`);
  return result.status ?? 1;
}

const vitest = run("vitest", bin("vitest"), ["run"]);
if (vitest !== 0) process.exit(vitest);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.log(
    `\nChromium is not installed (looked for ${chromium}): skipping the browser tests. ` +
      "Install it with: apt-get install -y chromium",
  );
  process.exit(process.env.REQUIRE_BROWSER === "1" ? 1 : 0);
}

const build = run("build", process.execPath, ["scripts/build.mjs"]);
if (build !== 0) process.exit(build);
process.exit(run("playwright", bin("playwright"), ["test"]));
