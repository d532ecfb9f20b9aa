import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
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
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellFailed = false;
    const renderErrors: unknown[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // A failed shell was rejected below: Remix renders the error page and logs it.
          if (shellFailed) return;
          for (const error of renderErrors) console.error(error);
          pipe(
            wholePage((page) => {
              clearTimeout(abortLate);
              responseHeaders.set("Content-Type", "text/html");
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(abortLate);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          renderErrors.push(error);
        },
      },
    );
    const abortLate = setTimeout(abort, ABORT_DELAY);
  });
}

/*
 * A page is rendered whole and then sent in one piece, for browsers as for bots. Streamed
 * from its shell, a page went out in several pieces (the shell, then each part of the
 * page's data as it was encoded): each piece was a flush of the compression middleware,
 * one more job for zlib's threads and one more write to the socket. Sent whole, every page
 * served 20-70% more requests a second (docs/performance.md, 2026-11-30), and a render
 * error still sets the status. The cost is the time to first byte of a page with a slow
 * deferred part: no server loader defers today; one that does waits for it here, up to
 * ABORT_DELAY.
 */
function wholePage(send: (page: Buffer<ArrayBuffer>) => void) {
  const pieces: Uint8Array[] = [];
  return new Writable({
    write(piece: Uint8Array, _encoding, done) {
      pieces.push(piece);
      done();
    },
    final(done) {
      send(Buffer.concat(pieces));
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
