import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import sharp from "sharp";
import { Refusal } from "~/models/errors.server";
import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES, inspectUpload } from "~/models/uploads.server";
import { prepareImage } from "~/services/images.server";

const png = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const jpeg = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([26, 0, 0, 0]), Buffer.from("WEBPVP8L")]);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const ole2 = Buffer.from("d0cf11e0a1b11ae1", "hex");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function file(bytes: Uint8Array | string, name: string, type = "") {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

/** The one refusal of a model, with SPEC §8's title and words for its toast. */
async function refusalOf(upload: Promise<unknown>) {
  const refusal = await upload.then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(Refusal);
  const { status, title, message } = refusal as Refusal;
  return { status, title, message };
}

/** A ZIP archive with stored (uncompressed) entries, enough to stand for a .docx. */
function zip(entries: Record<string, string>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = zlib.crc32(data);

    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    local.push(header, nameBytes, data);

    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);

    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  const count = Object.keys(entries).length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

// As Word writes it: the content types name the main document part.
const docx = zip({
  "[Content_Types].xml":
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "word/document.xml": '<?xml version="1.0"?><w:document/>',
});

describe("images (logos and avatars)", () => {
  test("a PNG, JPEG, GIF and WebP are recognised by their bytes, whatever their name", async () => {
    for (const [bytes, contentType, extension] of [
      [png, "image/png", "png"],
      [jpeg, "image/jpeg", "jpg"],
      [gif, "image/gif", "gif"],
      [webp, "image/webp", "webp"],
    ] as const) {
      expect(await inspectUpload(file(bytes, "photo.bin"), "image")).toEqual({
        contentType,
        extension,
        name: `photo.bin.${extension}`,
        size: bytes.length,
        bytes: new Uint8Array(bytes),
      });
    }
  });

  test("a text file renamed logo.png is refused", async () => {
    expect(await refusalOf(inspectUpload(file("hello, not an image", "logo.png", "image/png"), "image"))).toEqual({
      status: 400,
      title: "Invalid file type",
      message: "Please upload an image file.",
    });
  });

  test("an SVG is refused, since it can carry scripts", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await refusalOf(inspectUpload(file(svg, "logo.svg", "image/svg+xml"), "image"))).toMatchObject({
      title: "Invalid file type",
    });
  });

  test("a PDF is not an image", async () => {
    expect(await refusalOf(inspectUpload(file(pdf, "logo.pdf", "application/pdf"), "image"))).toMatchObject({
      title: "Invalid file type",
    });
  });

  test("an image of exactly 5MB is accepted and one byte more is refused", async () => {
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    expect(await inspectUpload(file(padded(IMAGE_MAX_BYTES), "big.png"), "image")).toMatchObject({
      size: IMAGE_MAX_BYTES,
    });
    expect(await refusalOf(inspectUpload(file(padded(IMAGE_MAX_BYTES + 1), "big.png"), "image"))).toEqual({
      status: 400,
      title: "File too large",
      message: "Please upload an image smaller than 5MB.",
    });
  });

  test("an empty file or a form without a file asks for a file", async () => {
    const noFile = { status: 400, title: "No file selected", message: "Please choose a file to upload." };
    expect(await refusalOf(inspectUpload(file("", "", "application/octet-stream"), "image"))).toEqual(noFile);
    expect(await refusalOf(inspectUpload(null, "image"))).toEqual(noFile);
    expect(await refusalOf(inspectUpload("logo.png", "attachment"))).toEqual(noFile);
  });
});

describe("chat attachments", () => {
  test("images, a PDF, a Word document and UTF-8 text are accepted by their bytes", async () => {
    const doc = Buffer.concat([ole2, Buffer.alloc(504), Buffer.from("WordDocument", "utf16le")]);
    for (const [bytes, contentType, extension] of [
      [png, "image/png", "png"],
      [jpeg, "image/jpeg", "jpg"],
      [pdf, "application/pdf", "pdf"],
      [doc, "application/msword", "doc"],
      [docx, DOCX, "docx"],
      [Buffer.from("Meeting notes: café, 東京, ✓\n"), "text/plain; charset=utf-8", "txt"],
    ] as const) {
      expect(await inspectUpload(file(bytes, "upload"), "attachment")).toMatchObject({
        contentType,
        extension,
        size: bytes.length,
      });
    }
  });

  test("a plain ZIP is refused, even named .docx", async () => {
    const archive = zip({ "notes/readme.txt": "hello" });
    expect(await refusalOf(inspectUpload(file(archive, "report.docx", DOCX), "attachment"))).toEqual({
      status: 400,
      title: "Invalid file type",
      message: "Please upload an image, PDF, Word document or text file.",
    });
  });

  test("an Office file that is not a Word document is refused", async () => {
    const spreadsheet = Buffer.concat([ole2, Buffer.alloc(504), Buffer.from("Workbook", "utf16le")]);
    expect(await refusalOf(inspectUpload(file(spreadsheet, "sheet.doc"), "attachment"))).toMatchObject({
      title: "Invalid file type",
    });
  });

  test("binary data and invalid UTF-8 are not text", async () => {
    const executable = Buffer.from("7f454c4602010100000000000000000002003e00", "hex");
    for (const bytes of [executable, Buffer.from("caf\xe9", "latin1"), Buffer.from("text\0with a NUL")]) {
      expect(await refusalOf(inspectUpload(file(bytes, "notes.txt", "text/plain"), "attachment"))).toMatchObject({
        title: "Invalid file type",
      });
    }
  });

  test("a file is named for the type its bytes proved: text that claims another type gets .txt added", async () => {
    const named = async (bytes: Uint8Array | string, name: string) =>
      (await inspectUpload(file(bytes, name), "attachment")).name;
    for (const name of ["Invoice.html", "diagram.svg", "setup.hta", "run.bat", "page.htm.", "notes"]) {
      expect(await named("<b>Pay now</b>\n", name)).toBe(`${name}.txt`);
    }
    expect(await named("Notes\n", "notes.txt")).toBe("notes.txt");
    expect(await named("Notes\n", "NOTES.TXT")).toBe("NOTES.TXT");
    expect(await named(jpeg, "holiday.jpeg")).toBe("holiday.jpeg");
    expect(await named(jpeg, "scan.png")).toBe("scan.png.jpg");
    expect(await named(pdf, "report")).toBe("report.pdf");
    expect(await named(pdf, "C:\\Users\\ada\\report.PDF ")).toBe("report.PDF");
    expect(await named(pdf, "  ")).toBe("file.pdf");
  });

  test("a long name is shortened before its extension, never through it", async () => {
    const upload = await inspectUpload(file("<script>alert(1)</script>", `${"x".repeat(300)}.html`), "attachment");
    expect(upload).toMatchObject({ name: `${"x".repeat(196)}.txt` });
    const report = await inspectUpload(file(pdf, `${"y".repeat(300)}.pdf`), "attachment");
    expect(report).toMatchObject({ name: `${"y".repeat(196)}.pdf` });
  });

  test("a file over 10MB is refused", async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - pdf.length)]);
    expect(await refusalOf(inspectUpload(file(big, "big.pdf", "application/pdf"), "attachment"))).toEqual({
      status: 400,
      title: "File too large",
      message: "Please upload a file smaller than 10MB.",
    });
  });
});

describe("preparing an image for the pages", () => {
  async function photoWithGps(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
  }

  test("a photo comes back as a small WebP without its GPS position or any other metadata", async () => {
    const photo = await photoWithGps(1600, 900);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const prepared = await prepareImage(photo, 256);
    expect(prepared).toMatchObject({ contentType: "image/webp", width: 256, height: 144 });
    const metadata = await sharp(prepared!.bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(prepared!.bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  test("a small image is not enlarged", async () => {
    const prepared = await prepareImage(await photoWithGps(40, 30), 256);
    expect(prepared).toMatchObject({ width: 40, height: 30 });
  });

  test("bytes that only start like an image are not an image", async () => {
    expect(await prepareImage(webp, 256)).toBeNull();
  });
});
