import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";

/** Adds one entry to the ZIP being written; resolves once its content has been read into it. */
export type AddZipEntry = (
  name: string,
  content: Readable | AsyncIterable<string> | string,
  options?: { compress?: boolean; mtime?: Date },
) => Promise<void>;

/**
 * Writes a ZIP file to `filePath` with the entries `fill` adds, one after the other, and
 * returns its size. Entries stream in (yazl reads each as it writes it, with back-pressure),
 * so neither an entry nor the archive is ever held in memory whole; ZIP64 is used when
 * the archive outgrows the 4 GB of plain ZIP. A failure leaves no file behind.
 */
export async function writeZipFile(filePath: string, fill: (add: AddZipEntry) => Promise<void>): Promise<number> {
  const zip = new ZipFile();
  // A PassThrough stream, typed by @types/yazl as the older NodeJS.ReadableStream.
  const output = zip.outputStream as Readable;
  const failed = new Promise<never>((_, reject) => zip.on("error", reject));
  failed.catch(() => undefined);
  const written = pipeline(output, createWriteStream(filePath));
  written.catch(() => undefined);

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
    await fill(add);
    zip.end();
    await Promise.race([written, failed]);
    return (await fs.stat(filePath)).size;
  } catch (error) {
    output.destroy();
    await fs.rm(filePath, { force: true });
    throw error;
  }
}
