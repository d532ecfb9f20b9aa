import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { env } from "./env.server";

export type StoredObject = { body: Buffer; contentType: string; size: number };
/** An object read as it streams, for what is too large to hold in memory (a space's export). */
export type StoredStream = { stream: Readable; contentType: string; size: number };

/** Private objects by key; the app serves them through its own routes, never by a public URL. */
export type Storage = {
  put(key: string, body: Uint8Array | Buffer, options: { contentType: string }): Promise<void>;
  /**
   * Stores what a stream brings, of a length not known ahead (a space's export, zipped as
   * it is stored), never holding it whole. When the stream fails, nothing of it is kept.
   */
  putStream(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  open(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
};

export type StorageOptions =
  | { driver: "local"; root: string }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle?: boolean;
    };

export type FileFolder = "agency-logos" | "avatars" | "chat-attachments" | "link-previews" | "space-exports";

/** A fresh key such as `avatars/3f9c…e1.png`; 128 random bits, so a key cannot be guessed. */
export function newFileKey(folder: FileFolder, extension: string): string {
  if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new Error(`Invalid file extension: ${extension}`);
  return `${folder}/${crypto.randomBytes(16).toString("hex")}.${extension}`;
}

export function createStorage(options: StorageOptions): Storage {
  return options.driver === "local" ? diskStorage(options.root) : s3Storage(options);
}

let instance: Storage | undefined;

/** S3 (or any S3 API) when S3_BUCKET is set, otherwise the local disk under `$DATA_DIR/uploads`. */
export function storage(): Storage {
  instance ??= createStorage(fromEnv());
  return instance;
}

function fromEnv(): StorageOptions {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, dataDir } =
    env();
  if (!S3_BUCKET) return { driver: "local", root: path.join(dataDir, "uploads") };
  return {
    driver: "s3",
    bucket: S3_BUCKET,
    region: S3_REGION,
    endpoint: S3_ENDPOINT,
    // Without explicit keys the SDK's own chain applies (instance roles, AWS_* variables).
    credentials:
      S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: S3_FORCE_PATH_STYLE,
  };
}

/*
 * One key rule for both drivers: slash-separated names of letters, digits, '.', '_'
 * and '-', none starting with a dot. That rules out '..', absolute paths, backslashes
 * and the local driver's hidden `.meta` folder, so a key can never leave its root.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

function assertValidKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

function diskStorage(root: string): Storage {
  // The content type lives in a parallel `.meta` tree, where no valid key can reach it.
  const paths = (key: string) => ({
    file: path.join(root, key),
    meta: path.join(root, ".meta", `${key}.json`),
  });

  return {
    async put(key, body, { contentType }) {
      assertValidKey(key);
      const { file, meta } = paths(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(path.dirname(meta), { recursive: true });
      await fs.writeFile(file, body);
      await fs.writeFile(meta, JSON.stringify({ contentType }));
    },
    async putStream(key, body, { contentType }) {
      assertValidKey(key);
      const { file, meta } = paths(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(path.dirname(meta), { recursive: true });
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      await fs.writeFile(meta, JSON.stringify({ contentType }));
    },
    async get(key) {
      assertValidKey(key);
      const { file, meta } = paths(key);
      try {
        const { contentType } = JSON.parse(await fs.readFile(meta, "utf8")) as { contentType: string };
        const body = await fs.readFile(file);
        return { body, contentType, size: body.byteLength };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async open(key) {
      assertValidKey(key);
      const { file, meta } = paths(key);
      try {
        const { contentType } = JSON.parse(await fs.readFile(meta, "utf8")) as { contentType: string };
        const handle = await fs.open(file);
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), contentType, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      const { file, meta } = paths(key);
      await fs.rm(file, { force: true });
      await fs.rm(meta, { force: true });
    },
  };
}

function s3Storage({ driver, bucket, ...clientOptions }: Extract<StorageOptions, { driver: "s3" }>): Storage {
  const client = new S3Client({
    ...clientOptions,
    // Otherwise the SDK sends a streamed body aws-chunked with a trailing checksum, which
    // not every S3 API decodes (s3rver stores the chunk framing as part of the object).
    requestChecksumCalculation: "WHEN_REQUIRED",
  });

  return {
    async put(key, body, { contentType }) {
      assertValidKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putStream(key, body, { contentType }) {
      assertValidKey(key);
      // A single PUT needs the length first: this goes up in 5 MB parts, four at most held
      // in memory, and a failed upload is aborted, its parts dropped.
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType } }).done();
    },
    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from(await object.Body!.transformToByteArray());
        return { body, contentType: object.ContentType ?? "application/octet-stream", size: body.byteLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async open(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          // In Node the SDK's body is the HTTP response itself, a Readable.
          stream: object.Body as Readable,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
