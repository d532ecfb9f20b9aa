import { Readable, Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";

/** Adds one entry to the ZIP being written; resolves once its content has been read into it. */
export type AddZipEntry = (
  name: string,
  content: Readable | AsyncIterable<string> | string,
  options?: { compress?: boolean; mtime?: Date },
) => Promise<void>;

/**
 * Makes a ZIP of the entries `fill` adds, one after the other, and hands it as one stream
 * to `store` (storage's putStream) while it is made; returns its size once stored. Entries
 * stream in (yazl reads each as it writes it, with back-pressure from `store`), so neither
 * an entry nor the archive is ever held whole, in memory or on disk; ZIP64 is used when
 * the archive outgrows the 4 GB of plain ZIP. When an entry or `store` fails, the stream
 * fails, `store` is waited for to drop what it had, and the error is thrown.
 */
export async function streamZip(
  store: (archive: Readable) => Promise<void>,
  fill: (add: AddZipEntry) => Promise<void>,
): Promise<number> {
  const zip = new ZipFile();
  // A PassThrough stream, typed by @types/yazl as the older NodeJS.ReadableStream.
  const output = zip.outputStream as Readable;
  let size = 0;
  const archive = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength;
      callback(null, chunk);
    },
  });
  const piped = pipeline(output, archive);
  const stored = store(archive);
  // Whichever part fails first ends the whole, so that no entry waits on a reader that is gone.
  const failed = new Promise<never>((_, reject) => {
    zip.on("error", reject);
    piped.catch(reject);
    stored.catch(reject);
  });
  failed.catch(() => undefined);

  const add: AddZipEntry = async (name, content, { compress = true, mtime = new Date() } = {}) => {
    if (typeof content === "string") {
      zip.addBuffer(Buffer.from(content), name, { compress, mtime });
      return;
    }
    const stream = content instanceof Readable ? content : Readable.from(content);
    zip.addReadStreamLazy(name, { compress, mtime }, (callback) => callback(null, stream));
    await Promise.race([finished(stream), failed]);
  };

  try {
    await Promise.race([fill(add), failed]);
    zip.end();
    await Promise.race([Promise.all([piped, stored]), failed]);
    return size;
  } catch (error) {
    output.destroy();
    archive.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
}
