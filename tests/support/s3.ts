import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { createStorage } from "~/services/storage.server";

/*
 * A real S3 API on this machine (s3rver, from npm) for the storage driver the cloud uses:
 * a bucket "uploads" in a directory of its own, and the app's S3 storage pointed at it.
 */
export async function startS3() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "agency-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: "uploads" }],
  });
  const { port } = await server.run();
  return {
    /** The app's S3 storage on this server's bucket. */
    storage: () =>
      createStorage({
        driver: "s3",
        bucket: "uploads",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        forcePathStyle: true,
      }),
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
