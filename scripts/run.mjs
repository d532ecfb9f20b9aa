/*
 * `npm run db:migrate | db:seed | admin:create`: with NODE_ENV=production (the image) the
 * tool's bundle from `npm run build` (build/<name>.js), since the image holds neither tsx
 * nor the TypeScript sources; otherwise the TypeScript source itself, through tsx.
 * Usage: node scripts/run.mjs <source.ts> [arguments for the tool]
 */
import path from "node:path";
import url from "node:url";

const [source] = process.argv.splice(2, 1);
if (process.env.NODE_ENV === "production") {
  await import(url.pathToFileURL(path.resolve("build", `${path.basename(source, ".ts")}.js`)).href);
} else {
  const { tsImport } = await import("tsx/esm/api");
  await tsImport(path.resolve(source), import.meta.url);
}
