import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "~/services/db.server";
import { NonceProvider } from "~/components/nonce";

/* What server.ts takes from the build: see DESIGN.md, "one module graph". */
export { serverConfig, startup, shutdown, checkReady } from "~/process/lifecycle.server";
export { isAllowedOrigin } from "~/web/origin.server";
export { attachRealtime, allowRealtimeRequest } from "~/realtime/server.server";
export { attachJobs } from "~/process/jobs.server";
export { refuseDeclaredBody } from "~/web/request.server";
export { privacyHeaders } from "~/web/response-headers.server";
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
  // The database could not be reached: the error page says to try again, and so does the status.
  if (databaseDown.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", RETRY_AFTER_SECONDS);
  }
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
          const body = coalescedWrites();
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

/*
 * React writes a page in many small pieces, and Remix's adapter flushes the response
 * after each one it reads: behind the compression middleware every flush ends a gzip
 * block, so a chat page went out as 118 KB instead of 25 KB, and the compressing cost
 * more than the rendering. What React writes within one turn of the event loop goes on
 * as one piece; a deferred part that resolves later still streams on its own.
 */
function coalescedWrites() {
  let pending: Buffer[] = [];
  let scheduled = false;
  const pushPending = (stream: Transform) => {
    if (pending.length) stream.push(Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!this.writableFinished) pushPending(this);
        });
      }
      done();
    },
    flush(done) {
      pushPending(this);
      done();
    },
  });
}

/*
 * Remix replaces a loader's error with "Unexpected Server Error" before the page is
 * rendered, but calls handleError first, with the same request: so a request whose
 * loader or action failed because the database is unreachable is noted here, and the
 * page (the app's own error page) goes out as 503 with Retry-After instead of 500.
 */
const databaseDown = new WeakSet<Request>();
const RETRY_AFTER_SECONDS = "5";

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and thrown responses (a 404, a guard's redirect) are not faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (isDatabaseUnavailable(error)) {
    databaseDown.add(request);
    return console.error(`database unavailable: ${request.method} ${new URL(request.url).pathname}`);
  }
  console.error(error);
}
