import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { env } from "~/services/env.server";
import { createStorage, newFileKey, type Storage } from "~/services/storage.server";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function roundTrip(storage: Storage) {
  const key = newFileKey("avatars", "png");
  await storage.put(key, png, { contentType: "image/png" });

  expect(await storage.get(key)).toEqual({ body: png, contentType: "image/png", size: png.byteLength });

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
}

/** A file larger than any one read, stored from the disk and read back as a stream, byte for byte. */
async function streamedRoundTrip(storage: Storage) {
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 31) % 251;
  const file = path.join(env().dataDir, "archive.zip");
  await fs.writeFile(file, bytes);
  const key = newFileKey("space-exports", "zip");
  await storage.putFile(key, file, { contentType: "application/zip" });

  const opened = await storage.open(key);
  expect(opened).toMatchObject({ contentType: "application/zip", size: bytes.byteLength });
  expect((await buffer(opened!.stream)).equals(bytes)).toBe(true);

  await storage.delete(key);
  expect(await storage.open(key)).toBeNull();
}

describe("the local disk driver", () => {
  const root = () => path.join(env().dataDir, "uploads");

  test("stores, reads and deletes a file with its content type", async () => {
    await roundTrip(createStorage({ driver: "local", root: root() }));
  });

  test("stores a file from the disk and streams it back", async () => {
    await streamedRoundTrip(createStorage({ driver: "local", root: root() }));
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
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let directory: string;
  let endpoint: string;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "agency-s3-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: "uploads" }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server?.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  const s3 = () =>
    createStorage({
      driver: "s3",
      bucket: "uploads",
      region: "us-east-1",
      endpoint,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    });

  test("stores, reads and deletes a file with its content type", async () => {
    await roundTrip(s3());
  });

  test("stores a file from the disk and streams it back", async () => {
    await streamedRoundTrip(s3());
  });
});

test("new file keys are unguessable and keep their folder and extension", () => {
  const key = newFileKey("agency-logos", "webp");
  expect(key).toMatch(/^agency-logos\/[0-9a-f]{32}\.webp$/);
  expect(newFileKey("agency-logos", "webp")).not.toBe(key);
  expect(() => newFileKey("avatars", "../png")).toThrow();
});
