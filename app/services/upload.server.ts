/** Logos and avatars: at most 5MB (SPEC §5). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Chat attachments: at most 10MB (SPEC §5). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export type UploadKind = "image" | "attachment";

export type InspectedUpload =
  | { ok: true; contentType: string; extension: string; size: number; bytes: Uint8Array }
  | { ok: false; title: string; message: string };

type FileType = { contentType: string; extension: string; matches: (bytes: Uint8Array) => boolean };

// No SVG: it is XML that can carry scripts.
const IMAGE_TYPES: FileType[] = [
  {
    contentType: "image/png",
    extension: "png",
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { contentType: "image/jpeg", extension: "jpg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    contentType: "image/gif",
    extension: "gif",
    matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  },
  {
    contentType: "image/webp",
    extension: "webp",
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b.subarray(8), ascii("WEBP")),
  },
];

const DOCUMENT_TYPES: FileType[] = [
  { contentType: "application/pdf", extension: "pdf", matches: (b) => startsWith(b, ascii("%PDF-")) },
  { contentType: "application/msword", extension: "doc", matches: isWordDocument },
  {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && zipEntryNames(b).includes("word/document.xml"),
  },
  // Last: the other types are binary and would fail this check anyway, but their signatures are cheaper.
  { contentType: "text/plain; charset=utf-8", extension: "txt", matches: isUtf8Text },
];

const RULES: Record<UploadKind, { maxBytes: number; types: FileType[]; tooLarge: string; wrongType: string }> = {
  image: {
    maxBytes: IMAGE_MAX_BYTES,
    types: IMAGE_TYPES,
    tooLarge: "Please upload an image smaller than 5MB.",
    wrongType: "Please upload an image file.",
  },
  attachment: {
    maxBytes: ATTACHMENT_MAX_BYTES,
    types: [...IMAGE_TYPES, ...DOCUMENT_TYPES],
    tooLarge: "Please upload a file smaller than 10MB.",
    wrongType: "Please upload an image, PDF, Word document or text file.",
  },
};

/**
 * Decides what an uploaded file really is from its bytes; the name and the declared
 * type come from the browser and prove nothing. Takes a form value as it comes, so
 * a form posted without a file is refused like an empty one.
 */
export async function inspectUpload(file: FormDataEntryValue | null, kind: UploadKind): Promise<InspectedUpload> {
  const rules = RULES[kind];
  if (!file || typeof file === "string" || file.size === 0) {
    return { ok: false, title: "No file selected", message: "Please choose a file to upload." };
  }
  // Before reading: an oversized file is refused without holding it in memory twice.
  if (file.size > rules.maxBytes) return { ok: false, title: "File too large", message: rules.tooLarge };

  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = rules.types.find((candidate) => candidate.matches(bytes));
  if (!type) return { ok: false, title: "Invalid file type", message: rules.wrongType };
  return { ok: true, contentType: type.contentType, extension: type.extension, size: bytes.byteLength, bytes };
}

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

/** An OLE2 compound file (the format of .doc, but also .xls and .ppt) with Word's main stream. */
function isWordDocument(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) &&
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from("WordDocument", "utf16le"))
  );
}

/** The entry names listed in a ZIP's central directory, or none when it cannot be read. */
function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is the last 22 bytes, plus a comment of up to 65535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];

  const names: string[] = [];
  const decoder = new TextDecoder();
  let offset = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count--) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return [];
    const nameLength = view.getUint16(offset + 28, true);
    const nameEnd = offset + 46 + nameLength;
    if (nameEnd > bytes.length) return [];
    names.push(decoder.decode(bytes.subarray(offset + 46, nameEnd)));
    offset = nameEnd + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return names;
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
