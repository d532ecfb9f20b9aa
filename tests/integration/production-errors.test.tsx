import { Outlet, Scripts } from "@remix-run/react";
import { expect, test, vi } from "vitest";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { renderedApp } from "#tests/support/rendered-app";
import { context } from "#tests/support/requests";

/*
 * An unexpected failure in a loader, served as production serves it: our entry
 * (handleRequest, handleError) and our error page, with a route that fails as a lost
 * database would. Neither the page nor the data request may show its message or stack.
 */
const SECRET = "connect ECONNREFUSED postgres://admin:hunter2@10.0.0.5";

const Root = () => (
  <html lang="en">
    <body>
      <Outlet />
      <Scripts />
    </body>
  </html>
);

const handle = renderedApp(
  [
    [
      "routes/report",
      "root",
      "report",
      {
        default: () => null,
        loader: () => {
          throw new Error(SECRET);
        },
      },
    ],
  ],
  { root: { default: Root, ErrorBoundary: GeneralErrorBoundary } },
);

test("an unexpected error in production shows neither its message nor its stack, and is logged on the server", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});

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
