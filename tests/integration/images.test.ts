import sharp from "sharp";
import { describe, expect, test } from "vitest";
import * as images from "~/routes/images.$";
import { storeImage } from "~/models/uploads.server";
import { deleteImage } from "~/services/images.server";
import { context, getRequest, respond } from "#tests/support/requests";

const fetchImage = (path: string) =>
  respond(() =>
    images.loader({ request: getRequest(path), context: context(), params: { "*": path.replace("/images/", "") } }),
  );

describe("logos and avatars", () => {
  test("an uploaded photo is stored without its GPS position and served for good under its key", async () => {
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#ff8800" } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    const key = await storeImage(new File([new Uint8Array(photo)], "me.jpg", { type: "image/jpeg" }), "avatars");
    expect(key).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);

    const response = await fetchImage(`/images/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(served).toMatchObject({ width: 256, height: 256 });
    expect(served.exif).toBeUndefined();

    await deleteImage(key);
    expect((await fetchImage(`/images/${key}`)).status).toBe(404);
  });

  test("a 24-megapixel photo still makes an avatar: the 16-megapixel cap is link previews' own", async () => {
    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#0088ff" } })
      .png()
      .toBuffer();
    const key = await storeImage(new File([new Uint8Array(photo)], "phone.png", { type: "image/png" }), "avatars");
    const response = await fetchImage(`/images/${key}`);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      width: 256,
      height: 171,
    });
  });

  test("a text file renamed logo.png and a 6 MB image are refused with SPEC's words, and nothing is stored", async () => {
    await expect(
      storeImage(new File(["hello"], "logo.png", { type: "image/png" }), "agency-logos"),
    ).rejects.toMatchObject({
      title: "Invalid file type",
      message: "Please upload an image file.",
    });
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(storeImage(new File([huge], "big.png", { type: "image/png" }), "agency-logos")).rejects.toMatchObject({
      title: "File too large",
      message: "Please upload an image smaller than 5MB.",
    });
  });

  test("only the public image folders are served", async () => {
    expect((await fetchImage("/images/chat-attachments/0123456789abcdef0123456789abcdef.webp")).status).toBe(404);
    expect((await fetchImage("/images/avatars/../session-secret")).status).toBe(404);
  });
});
