import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { readForm } from "./request.server";

/**
 * The form of a request that may carry files. Each file is kept in memory up to one
 * byte over `maxBytes`, which is enough for the model to refuse it as too large; the
 * rest of an oversized file is read and dropped rather than the request cut off, so
 * the browser still gets the answer that says why. A form without files (a script's
 * urlencoded post) is read as the plain form it is.
 */
export function readUploadForm(request: Request, maxBytes: number): Promise<FormData> {
  const keepUpTo: UploadHandler = async ({ data, filename, contentType }) => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let kept = 0;
    for await (const chunk of data) {
      if (kept > maxBytes) continue;
      const part = new Uint8Array(chunk.subarray(0, maxBytes + 1 - kept));
      chunks.push(part);
      kept += part.byteLength;
    }
    // A part without a file name is a plain field (the form's intent, say).
    if (filename === undefined) return new TextDecoder().decode(Buffer.concat(chunks));
    return new File(chunks, filename, { type: contentType });
  };
  const multipart = request.headers.get("Content-Type")?.startsWith("multipart/form-data");
  return multipart ? unstable_parseMultipartFormData(request, keepUpTo) : readForm(request);
}
