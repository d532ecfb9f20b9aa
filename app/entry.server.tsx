import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";

/* What server.ts takes from the build: see DESIGN.md, "one module graph". */
export { serverConfig, startup, shutdown, checkHealth, isAllowedOrigin } from "~/web/lifecycle.server";
export { attachRealtime, allowRealtimeRequest } from "~/realtime/server.server";
export { attachJobs } from "~/web/jobs.server";
// Remix's own runtime, so that server.ts and the routes share its one copy in build/index.js.
export { createRequestHandler } from "@remix-run/express";
export { broadcastDevReady } from "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address, as far as TRUST_PROXY_HOPS lets us trust X-Forwarded-For. */
    clientIp: string;
  }
}

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streaming; log them rather than lose them.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and thrown responses (a 404, a guard's redirect) are not faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
