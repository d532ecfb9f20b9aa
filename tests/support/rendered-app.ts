import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import * as entry from "~/entry.server";
import * as ourRoot from "~/root";

/*
 * A Remix server build of our root (or `root`) and the given routes, so that a test
 * renders a page whole, as production serves it (our entry, loaders, document, error
 * boundaries), without the browser build. Each route is [id, parent id, path, module],
 * and { index: true } for an index route (a page such as /spaces under its layout); the
 * root is added.
 */
type RouteModule = Record<string, unknown>;
export type AppRoute = [
  id: string,
  parentId: string,
  path: string | undefined,
  module: RouteModule,
  options?: { index: boolean },
];

export function renderedApp(routes: AppRoute[], { root = ourRoot }: { root?: RouteModule } = {}) {
  const all: Array<[string, string | undefined, string | undefined, RouteModule, { index: boolean }?]> = [
    ["root", undefined, "", root],
    ...routes,
  ];
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: Object.fromEntries(
      all.map(([id, parentId, path, module, options]) => [id, { id, parentId, path, index: options?.index, module }]),
    ),
    assets: {
      entry: { imports: [], module: "/build/entry.client.js" },
      routes: Object.fromEntries(
        all.map(([id, parentId, path, module, options]) => [
          id,
          {
            id,
            parentId,
            path,
            index: options?.index,
            module: `/build/${id}.js`,
            hasAction: "action" in module,
            hasLoader: "loader" in module,
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: "ErrorBoundary" in module,
          },
        ]),
      ),
      url: "/build/manifest.js",
      version: "1",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}
