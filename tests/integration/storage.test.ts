import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { env } from "~/services/env.server";
import { createStorage, newFileKey, type Storage } from "~/services/storage.server";
import { streamZip } from "~/services/zip-files.server";
import { startS3 } from "#tests/support/s3";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function roundTrip(storage: Storage) {
  const key = newFileKey("avatars", "png");
  await storage.put(key, png, { contentType: "image/png" });

  expect(await storage.get(key)).toEqual({ body: png, contentType: "image/png", size: png.byteLength });

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
}

/** Bytes that are not all alike, so that a part stored out of place would show. */
function patterned(size: number) {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31) % 251;
  return bytes;
}

/** The bytes as a stream of unknown length, in small chunks, as an export comes; `failure` is thrown after them. */
function chunked(bytes: Buffer, failure?: Error) {
  return Readable.from(
    (async function* () {
      for (let start = 0; start < bytes.length; start += 64 * 1024) yield bytes.subarray(start, start + 64 * 1024);
      if (failure) throw failure;
    })(),
  );
}

/** More than two S3 parts (5 MB each), stored as it streams and read back as a stream, byte for byte. */
async function streamedRoundTrip(storage: Storage) {
  const bytes = patterned(11 * 1024 * 1024 + 7);
  const key = newFileKey("space-exports", "zip");
  await storage.putStream(key, chunked(bytes), { contentType: "application/zip" });

  const opened = await storage.open(key);
  expect(opened).toMatchObject({ contentType: "application/zip", size: bytes.byteLength });
  expect((await buffer(opened!.stream)).equals(bytes)).toBe(true);

  await storage.delete(key);
  expect(await storage.open(key)).toBeNull();
}

/** A stream that fails after a part's worth of bytes is refused, and nothing of it is kept. */
async function failedStream(storage: Storage) {
  const key = newFileKey("space-exports", "zip");
  const failing = chunked(patterned(6 * 1024 * 1024), new Error("a file of the space could not be read"));
  // s3rver cannot abort a multipart upload: there its refusal to is what the failure says.
  await expect(storage.putStream(key, failing, { contentType: "application/zip" })).rejects.toThrow();
  expect(await storage.open(key)).toBeNull();
  return key;
}

describe("the local disk driver", () => {
  const root = () => path.join(env().dataDir, "uploads");

  test("stores, reads and deletes a file with its content type", async () => {
    await roundTrip(createStorage({ driver: "local", root: root() }));
  });

  test("stores a stream of unknown length and streams it back", async () => {
    await streamedRoundTrip(createStorage({ driver: "local", root: root() }));
  });

  test("keeps nothing of a stream that fails", async () => {
    const key = await failedStream(createStorage({ driver: "local", root: root() }));
    await expect(fs.access(path.join(root(), key))).rejects.toThrow(/ENOENT/);
  });

  test("keeps files under $DATA_DIR/uploads", async () => {
    const storage = createStorage({ driver: "local", root: root() });
    const key = newFileKey("chat-attachments", "pdf");
    await storage.put(key, Buffer.from("%PDF-1.4"), { contentType: "application/pdf" });
    expect(await fs.readFile(path.join(root(), key), "utf8")).toBe("%PDF-1.4");
  });

  test("refuses keys that could leave the uploads folder", async () => {
    const storage = createStorage({ driver: "local", root: root() });
    const body = Buffer.from("x");
    for (const key of [
      "../escape.txt",
      "avatars/../../escape.txt",
      "/etc/passwd",
      "avatars\\x.png",
      ".meta/x.json",
      "",
    ]) {
      await expect(storage.put(key, body, { contentType: "text/plain" }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(fs.access(path.join(env().dataDir, "escape.txt"))).rejects.toThrow();
  });
});

describe("the S3 driver", () => {
  let server: Awaited<ReturnType<typeof startS3>>;

  beforeAll(async () => {
    server = await startS3();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const s3 = () => server.storage();

  test("stores, reads and deletes a file with its content type", async () => {
    await roundTrip(s3());
  });

  test("stores a stream of unknown length in parts and streams it back", async () => {
    await streamedRoundTrip(s3());
  });

  test("keeps nothing of a stream that fails", async () => {
    await failedStream(s3());
  });

  test("takes a ZIP as it is made, and nothing of one whose making fails", async () => {
    const storage = s3();
    const key = newFileKey("space-exports", "zip");
    const photo = patterned(6 * 1024 * 1024);
    const size = await streamZip(
      (archive) => storage.putStream(key, archive, { contentType: "application/zip" }),
      async (add) => {
        await add("files/photo.bin", chunked(photo), { compress: false });
        await add("conversation.json", chunked(Buffer.from('{ "messages": [] }\n')));
      },
    );
    const opened = await storage.open(key);
    expect(opened).toMatchObject({ size });
    const entries = unzipSync(new Uint8Array(await buffer(opened!.stream)));
    expect(Buffer.from(entries["files/photo.bin"]).equals(photo)).toBe(true);
    expect(strFromU8(entries["conversation.json"])).toBe('{ "messages": [] }\n');

    const failedKey = newFileKey("space-exports", "zip");
    await expect(
      streamZip(
        (archive) => storage.putStream(failedKey, archive, { contentType: "application/zip" }),
        async (add) => {
          await add("files/photo.bin", chunked(photo), { compress: false });
          await add("files/gone.bin", chunked(photo, new Error("the file went missing")), { compress: false });
        },
      ),
    ).rejects.toThrow("the file went missing");
    expect(await storage.open(failedKey)).toBeNull();
  });
});

test("new file keys are unguessable and keep their folder and extension", () => {
  const key = newFileKey("agency-logos", "webp");
  expect(key).toMatch(/^agency-logos\/[0-9a-f]{32}\.webp$/);
  expect(newFileKey("agency-logos", "webp")).not.toBe(key);
  expect(() => newFileKey("avatars", "../png")).toThrow();
});
