import type { IncomingHttpHeaders } from "node:http";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { PAGE_PARAM } from "~/shared/paging";

/** The page of a list the address asks for (`?page=`, or another parameter); the list's model brings it within range. */
export function requestedPage(request: Request, param = PAGE_PARAM): number {
  return Number(new URL(request.url).searchParams.get(param) ?? 1);
}

/*
 * Request bodies. Every body the app reads goes through readForm, readUploadForm or readText,
 * which count bytes as they stream: a body without a Content-Length (chunked) or with
 * a false one is refused once it passes its cap, and nothing past the cap is read.
 *
 * One cap per content type rather than per route, so that server.ts can refuse a
 * declared Content-Length before the app reads anything (a browser always declares
 * one, and gets its 413 while the rest of its upload is drained): a multipart form may
 * carry the largest file we accept (a 10 MB attachment) and its fields; anything else
 * (urlencoded forms, a script's JSON) is text typed by a person, far below 1 MB. The
 * per-route file limits (5 MB images) are the models' and answer in SPEC's words.
 */
const MB = 1024 * 1024;
const MULTIPART_MAX_BYTES = 11 * MB;
const FORM_MAX_BYTES = 1 * MB;
// Our largest form has about a dozen fields; the longest field is a 10,000-character message.
const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

const TOO_LARGE = "The request was too large.";
const FILE_TOO_LARGE = "File too large. Please upload a file smaller than 10MB.";

const isMultipart = (contentType: string | null | undefined) =>
  Boolean(contentType?.toLowerCase().startsWith("multipart/form-data"));

/** For server.ts: the answer to a body whose declared length is over its cap, before anything reads it. */
export function refuseDeclaredBody(headers: IncomingHttpHeaders): string | null {
  const multipart = isMultipart(headers["content-type"]);
  const declared = Number(headers["content-length"] ?? 0);
  if (declared <= (multipart ? MULTIPART_MAX_BYTES : FORM_MAX_BYTES)) return null;
  return multipart ? FILE_TOO_LARGE : TOO_LARGE;
}

/**
 * A body past its cap is answered at once. The rest is neither read nor the connection
 * closed: closing with unread data makes the kernel reset the connection, and the
 * client would lose the answer. Node's request timeout ends the connection later; until
 * then the socket stays paused, so nothing more comes into memory.
 */
function tooLarge() {
  return new Response(TOO_LARGE, { status: 413, headers: { "Content-Type": "text/plain" } });
}

/** The request with its body counted as it streams; past `maxBytes` the stream errors and `over` is set. */
function capped(request: Request, maxBytes: number, refusal: { over: boolean }): Request {
  if (!request.body) return request;
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen <= maxBytes) return controller.enqueue(chunk);
      refusal.over = true;
      controller.error(new Error(TOO_LARGE));
    },
  });
  // Not cancelled past the cap: cancelling the source destroys the socket before the 413 is sent.
  const body = request.body.pipeThrough(counter, { preventCancel: true });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half",
  } as RequestInit);
}

/**
 * The posted form, urlencoded or multipart, with at most MAX_FIELDS fields. Files are
 * kept only when `maxFileBytes` is given, each up to one byte over it: enough for the
 * model to refuse it as too large by name. A body that is not a form (a script posting
 * JSON, a cut-off upload) reads as an empty one, so the schema refuses it field by
 * field instead of a 500; one too large is thrown as a 413.
 */
async function readBody(request: Request, maxFileBytes: number | null): Promise<FormData> {
  const refusal = { over: false };
  const refuse = () => {
    refusal.over = true;
    return new Error(TOO_LARGE);
  };
  const multipart = isMultipart(request.headers.get("Content-Type"));
  const limited = capped(request, multipart ? MULTIPART_MAX_BYTES : FORM_MAX_BYTES, refusal);
  let fields = 0;
  const keep: UploadHandler = async ({ data, filename, contentType }) => {
    if (++fields > MAX_FIELDS) throw refuse();
    const isFile = filename !== undefined;
    // A file one byte over its limit is enough for the model to refuse it; the rest is read and dropped.
    const limit = isFile ? (maxFileBytes ?? 0) + 1 : MAX_FIELD_BYTES;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let kept = 0;
    for await (const chunk of data) {
      if (!isFile && kept + chunk.byteLength > limit) throw refuse();
      if (kept >= limit) continue;
      const part = new Uint8Array(chunk.subarray(0, limit - kept));
      chunks.push(part);
      kept += part.byteLength;
    }
    if (!isFile) return new TextDecoder().decode(Buffer.concat(chunks));
    return maxFileBytes === null ? undefined : new File(chunks, filename, { type: contentType });
  };
  const form = await (multipart ? unstable_parseMultipartFormData(limited, keep) : limited.formData()).catch(
    () => new FormData(),
  );
  if (refusal.over || [...form.keys()].length > MAX_FIELDS) throw tooLarge();
  return form;
}

/** The posted form of a request that carries no files (a file part is left out). */
export function readForm(request: Request): Promise<FormData> {
  return readBody(request, null);
}

/** The posted form of a request that may carry files of at most `maxBytes` each. */
export function readUploadForm(request: Request, maxBytes: number): Promise<FormData> {
  return readBody(request, maxBytes);
}

/** The body as text, within the cap of a form: a signed webhook's JSON, whose signature covers its exact bytes. */
export async function readText(request: Request): Promise<string> {
  const refusal = { over: false };
  const text = await capped(request, FORM_MAX_BYTES, refusal)
    .text()
    .catch(() => "");
  if (refusal.over) throw tooLarge();
  return text;
}
