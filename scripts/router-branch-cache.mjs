/*
 * React Router 7's cache of route branches (remix-run/react-router#14967, April 2026),
 * backported to the server bundles of @remix-run/router 1.x, which Remix v2 runs on and
 * which gets no more releases but fixes. On every call of matchRoutes, 1.x flattens and
 * ranks all 84 of our routes and compiles a regular expression for each pattern it tries;
 * a document request calls it four to six times, 1.1 ms of the 3.2 ms a loader-less page
 * costs this machine (docs/performance.md). Here each list of routes is flattened and
 * ranked once, and each pattern compiled once. The server's lists of routes are built
 * once per build and never changed (only a browser's router adds routes as it discovers
 * them), and a compiled pattern is a non-global RegExp and a list its callers only read.
 *
 * esbuild applies it when scripts/build.mjs bundles the server; `remix dev` runs the
 * library as it is. Each edit must find its text exactly once, or the build fails: a new
 * version of the library is read again before this goes on applying to it.
 */
import fs from "node:fs";

const ROUTER_SOURCE = /[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.cjs\.js$/;

const EDITS = [
  {
    find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
    replace: "  let branches = rankedBranchesOf(routes);\n",
  },
  {
    find: "function compilePath(path, caseSensitive, end) {\n",
    replace: `const rankedBranches = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
// Patterns come from the routes, but matchPath also takes one from a caller: bounded.
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiled = compilePathAnew(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathAnew(path, caseSensitive, end) {
`,
  },
];

/** The router's source with the cache; throws when an edit does not find its text exactly once. */
export function withBranchCache(source) {
  return EDITS.reduce((edited, { find, replace }) => {
    const count = edited.split(find).length - 1;
    if (count !== 1) {
      throw new Error(
        `scripts/router-branch-cache.mjs: @remix-run/router has changed (found ${count} times: ${JSON.stringify(find.split("\n")[0])}); ` +
          "see whether it caches its route branches itself before editing this",
      );
    }
    return edited.replace(find, () => replace);
  }, source);
}

/** The esbuild plugin that applies it to the router's CommonJS build. */
export const routerBranchCache = {
  name: "router-branch-cache",
  setup(build) {
    build.onLoad({ filter: ROUTER_SOURCE }, (args) => ({
      contents: withBranchCache(fs.readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};
