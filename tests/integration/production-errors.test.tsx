import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Outlet, Scripts } from "@remix-run/react";
import { expect, test, vi } from "vitest";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import * as entry from "~/entry.server";
import { context } from "#tests/support/requests";

/*
 * An unexpected failure in a loader, served as production serves it: our entry
 * (handleRequest, handleError) and our error page, with a route that fails as a lost
 * database would. Neither the page nor the data request may show its message or stack.
 */
const SECRET = "connect ECONNREFUSED postgres://admin:hunter2@10.0.0.5";

function failingApp(): ServerBuild {
  const manifestRoute = (id: string, parentId: string | undefined, path: string) => ({
    id,
    parentId,
    path,
    module: `/build/${id}.js`,
    hasAction: false,
    hasLoader: id !== "root",
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: id === "root",
  });
  const Root = () => (
    <html lang="en">
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
  return {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: { default: Root, ErrorBoundary: GeneralErrorBoundary } },
      "routes/report": {
        id: "routes/report",
        parentId: "root",
        path: "report",
        module: {
          default: () => null,
          loader: () => {
            throw new Error(SECRET);
          },
        },
      },
    },
    assets: {
      entry: { imports: [], module: "/build/entry.client.js" },
      routes: {
        root: manifestRoute("root", undefined, ""),
        "routes/report": manifestRoute("routes/report", "root", "report"),
      },
      url: "/build/manifest.js",
      version: "1",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

test("an unexpected error in production shows neither its message nor its stack, and is logged on the server", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const handle = createRequestHandler(failingApp(), "production");

  const page = await handle(new Request("http://localhost:3000/report"), context());
  const data = await handle(new Request("http://localhost:3000/report.data"), context());

  expect(page.status).toBe(500);
  const html = await page.text();
  expect(html).toContain("Something went wrong");
  expect(data.status).toBe(500);
  for (const body of [html, await data.text()]) {
    expect(body).not.toContain("hunter2");
    expect(body).not.toMatch(/\bat .+:\d+:\d+/);
  }
  expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: SECRET }));
  logged.mockRestore();
});
