import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config";
import type { AgnosticRouteObject } from "@remix-run/router";
import fc from "fast-check";
import { expect, test } from "vitest";
import { withBranchCache } from "../../scripts/router-branch-cache.mjs";

// The server build's router, with the cache the build gives it (scripts/router-branch-cache.mjs),
// must match every path to the same routes and params as the library itself.
type Router = typeof import("@remix-run/router");

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const library: Router = require(routerFile);
const cached: Router = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "router-branch-cache-"));
  fs.writeFileSync(path.join(dir, "router.cjs"), withBranchCache(fs.readFileSync(routerFile, "utf8")));
  try {
    return require(path.join(dir, "router.cjs"));
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
})();

// The app's own routes, as Remix reads them from app/routes, nested as the server builds them.
const manifest = Object.values((await readConfig(process.cwd())).routes);
const childrenOf = (parentId?: string): AgnosticRouteObject[] =>
  manifest
    .filter((route) => route.parentId === parentId)
    .map(({ id, path, index, caseSensitive }) =>
      index ? { id, path, index, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
    );
const routes = childrenOf(undefined);
const patterns = manifest.map((route) => {
  const parts: string[] = [];
  for (let at: (typeof manifest)[number] | undefined = route; at; at = manifest.find((r) => r.id === at!.parentId)) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`;
});

const segment = fc.oneof(
  fc.constantFrom("spaces", "client", "chat", "settings", "files", "new", "_index", "SPACES", "%20", ""),
  fc.uuid(),
  fc.stringMatching(/^[a-zA-Z0-9._~-]{1,12}$/),
);

// A route's pattern with its params filled in, sometimes cut short, lengthened or upper-cased.
const pathOfARoute = () =>
  fc
    .record({
      pattern: fc.constantFrom(...patterns),
      fills: fc.array(segment, { minLength: 8, maxLength: 8 }),
      extra: fc.array(segment, { maxLength: 2 }),
      cut: fc.nat({ max: 3 }),
      upper: fc.boolean(),
    })
    .map(({ pattern, fills, extra, cut, upper }) => {
      let fill = 0;
      const parts = pattern
        .split("/")
        .map((part) => (part.startsWith(":") || part === "*" ? fills[fill++ % fills.length] : part));
      const path = [...parts.slice(0, Math.max(1, parts.length - cut)), ...extra].join("/");
      return upper ? path.toUpperCase() : path;
    });

const anyPath = fc.oneof(
  pathOfARoute(),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join("/")}`),
);

function matched(router: Router, tree: AgnosticRouteObject[], pathname: string, basename?: string) {
  return router.matchRoutes(tree, pathname, basename)?.map((match) => ({
    id: match.route.id,
    params: match.params,
    pathname: match.pathname,
    pathnameBase: match.pathnameBase,
  }));
}

test("every path matches the same routes and params as in the library, asked again or of another list", () => {
  fc.assert(
    fc.property(anyPath, (pathname) => {
      const expected = matched(library, routes, pathname);
      expect(matched(cached, routes, pathname)).toEqual(expected);
      expect(matched(cached, routes, pathname)).toEqual(expected);
      expect(matched(cached, structuredClone(routes), pathname)).toEqual(expected);
      expect(matched(cached, routes, `/app${pathname}`, "/app")).toEqual(
        matched(library, routes, `/app${pathname}`, "/app"),
      );
    }),
    { numRuns: 500 },
  );
  // Cases the property may miss: a chat, a page of the agency's settings, and no route at all.
  expect(matched(cached, routes, "/spaces/3f1c0a52-8f51-4a8e-9a57-6f2f0c1b2d3e")?.at(-1)?.id).toBe(
    "routes/spaces.$spaceId",
  );
  expect(matched(cached, routes, "/settings/notifications")?.at(-1)?.id).toBe("routes/_agency.settings.notifications");
  expect(matched(cached, routes, "/no/such/page")?.at(-1)?.id).toBe(
    matched(library, routes, "/no/such/page")?.at(-1)?.id,
  );
});

test("a pattern asked of matchPath is compiled as the library compiles it", () => {
  for (const [pattern, pathname] of [
    ["/spaces/:spaceId", "/spaces/abc"],
    ["/files/*", "/files/a/b"],
    ["/settings/:tab?", "/settings"],
    ["/Spaces", "/spaces"],
  ]) {
    for (const options of [{ path: pattern }, { path: pattern, caseSensitive: true }, { path: pattern, end: false }]) {
      expect(cached.matchPath(options, pathname)).toEqual(library.matchPath(options, pathname));
      expect(cached.matchPath(options, pathname)).toEqual(library.matchPath(options, pathname));
    }
  }
});

test("the build stops when the router's source is not the one the cache was written for", () => {
  expect(() => withBranchCache("function matchRoutesImpl() {}")).toThrow(/@remix-run\/router has changed/);
});
