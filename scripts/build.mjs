/*
 * `npm run build`: the Remix build (build/index.js, public/build/), then esbuild bundles
 * what the image runs, so that it needs neither tsx nor the TypeScript sources nor most
 * of node_modules (docs/decisions/018-server-compiled-at-build-time.md):
 *   build/index.js         the Remix server build, again, now holding its libraries
 *   build/server.js        server.ts
 *   build/<tool>.js        the command-line tools that scripts/run.mjs starts in production
 * Only package.json's "dependencies" stay outside the bundles: native and WebAssembly
 * packages, loaded from node_modules at run time. Everything else is a devDependency.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { routerBranchCache } from "./router-branch-cache.mjs";

export const TOOLS = ["db/migrate.ts", "scripts/seed.ts", "scripts/admin-create.ts", "scripts/mail-receive.ts"];

const remix = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" });
if (remix.status !== 0) process.exit(remix.status ?? 1);

const { dependencies } = JSON.parse(fs.readFileSync("package.json", "utf8"));
const shared = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  logLevel: "warning",
  // pg loads pg-native only when asked for pg.native, which we never do.
  external: [...Object.keys(dependencies), "pg-native"],
  // The CommonJS libraries inside an ES module bundle still call require() for Node's built-ins.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  plugins: [routerBranchCache],
};

await esbuild.build({ ...shared, entryPoints: ["build/index.js"], outfile: "build/index.js", allowOverwrite: true });
await esbuild.build({
  ...shared,
  entryPoints: { server: "server.ts", ...Object.fromEntries(TOOLS.map((file) => [path.basename(file, ".ts"), file])) },
  outdir: "build",
});

/*
 * The browser's scripts and styles, compressed once here at brotli's highest quality, beside
 * each file (`chunk.js.br`), which server.ts serves to a browser that accepts brotli. The
 * compression middleware compresses on every request at quality 4: a first visit's scripts
 * and styles come 14% smaller this way, bytes a phone's network carries before the first
 * paint, for no time on the server.
 */
for (const file of fs.readdirSync("public/build", { recursive: true })) {
  if (!/\.(js|css)$/.test(file)) continue;
  const source = fs.readFileSync(path.join("public/build", file));
  const compressed = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  if (compressed.length < source.length) fs.writeFileSync(path.join("public/build", `${file}.br`), compressed);
}
