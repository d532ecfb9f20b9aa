import { fileTypeFromBuffer } from "file-type";
import { saveImage, type ImageFolder } from "~/services/images.server";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TOO_LARGE } from "~/shared/chat-message";
import { Refusal } from "./errors.server";

export { ATTACHMENT_MAX_BYTES };

/*
 * SPEC §5's upload rules: what a logo, an avatar or a chat attachment may be, judged by
 * its bytes. A file is refused as anything is (a `Refusal`), with SPEC §8's title for its
 * toast and its words. Storing is the services' part
 * (app/services/images.server.ts, app/services/storage.server.ts).
 */

/** Logos and avatars: at most 5MB (SPEC §5). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type UploadKind = "image" | "attachment";

/** A form posted without its file. */
export const NO_FILE_CHOSEN = { title: "No file selected", message: "Please choose a file to upload." };

export type InspectedUpload = { contentType: string; extension: string; name: string; size: number; bytes: Uint8Array };

/** `otherExtensions`: what a name of that type may end with besides `extension` (".jpeg"). */
type FileType = { contentType: string; extension: string; otherExtensions?: string[] };

// No SVG: it is XML that can carry scripts.
const IMAGE_TYPES: FileType[] = [
  { contentType: "image/png", extension: "png" },
  { contentType: "image/jpeg", extension: "jpg", otherExtensions: ["jpeg"] },
  { contentType: "image/gif", extension: "gif" },
  { contentType: "image/webp", extension: "webp" },
];

const DOCUMENT_TYPES: FileType[] = [
  { contentType: "application/pdf", extension: "pdf" },
  { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
];

const WORD_97: FileType = { contentType: "application/msword", extension: "doc" };
const PLAIN_TEXT: FileType = { contentType: "text/plain; charset=utf-8", extension: "txt" };

const RULES: Record<UploadKind, { maxBytes: number; types: FileType[]; tooLarge: string; wrongType: string }> = {
  image: {
    maxBytes: IMAGE_MAX_BYTES,
    types: IMAGE_TYPES,
    tooLarge: "Please upload an image smaller than 5MB.",
    wrongType: "Please upload an image file.",
  },
  attachment: {
    maxBytes: ATTACHMENT_MAX_BYTES,
    types: [...IMAGE_TYPES, ...DOCUMENT_TYPES, WORD_97, PLAIN_TEXT],
    tooLarge: ATTACHMENT_TOO_LARGE.message,
    wrongType: "Please upload an image, PDF, Word document or text file.",
  },
};

const refused = ({ title, message }: { title: string; message: string }) => new Refusal(message, { title });

const wrongType = (kind: UploadKind) => refused({ title: "Invalid file type", message: RULES[kind].wrongType });

/** A file's name is kept to this many characters, its extension included. */
const NAME_MAX_LENGTH = 200;

/**
 * Decides what an uploaded file really is from its bytes; the name and the declared
 * type come from the browser and prove nothing, so the name is made to agree with the
 * bytes (fileName). Takes a form value as it comes, so a form posted without a file is
 * refused like an empty one.
 */
export async function inspectUpload(file: FormDataEntryValue | null, kind: UploadKind): Promise<InspectedUpload> {
  const rules = RULES[kind];
  if (!file || typeof file === "string" || file.size === 0) throw refused(NO_FILE_CHOSEN);
  // Before reading: an oversized file is refused without holding it in memory twice.
  if (file.size > rules.maxBytes) throw refused({ title: ATTACHMENT_TOO_LARGE.title, message: rules.tooLarge });

  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await detectType(bytes);
  const type = rules.types.find((candidate) => candidate.extension === detected?.extension);
  if (!type) throw wrongType(kind);
  return {
    contentType: type.contentType,
    extension: type.extension,
    name: fileName(file.name, type),
    size: bytes.byteLength,
    bytes,
  };
}

/**
 * The name a file is stored, listed, downloaded and exported under: the one it came with,
 * without any folder, ending in an extension of the type its bytes proved. A name that
 * claims another type keeps that claim readable and gets the real extension added
 * ("Invoice.html" that is text becomes "Invoice.html.txt"), so that no download and no
 * export opens text as a page, a picture or a program. A long name loses characters
 * before its extension, never the extension.
 */
function fileName(given: string, type: FileType): string {
  const name = (given.split(/[\\/]/).pop() ?? "").trim();
  const dot = name.lastIndexOf(".");
  const claimed = dot >= 0 ? name.slice(dot + 1).toLowerCase() : null;
  const [stem, extension] = [type.extension, ...(type.otherExtensions ?? [])].some((known) => known === claimed)
    ? [name.slice(0, dot), name.slice(dot)]
    : [name || "file", `.${type.extension}`];
  return `${stem.slice(0, NAME_MAX_LENGTH - extension.length)}${extension}`;
}

/**
 * `file-type` knows every binary format we take but two: a legacy .doc is only an
 * OLE2 compound file to it (as are .xls and .ppt), and plain text has no signature
 * at all. Those two checks are ours.
 */
async function detectType(bytes: Uint8Array): Promise<FileType | null> {
  const known = await fileTypeFromBuffer(bytes);
  if (known?.ext === "cfb") return isWordDocument(bytes) ? WORD_97 : null;
  if (known) {
    const extension = known.ext === "jpg" ? "jpg" : known.ext;
    return { contentType: known.mime, extension };
  }
  return isUtf8Text(bytes) ? PLAIN_TEXT : null;
}

/** An OLE2 compound file with Word's main stream. */
function isWordDocument(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from("WordDocument", "utf16le"));
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

/**
 * Checks an uploaded image (SPEC §5: an image, at most 5MB, judged by its bytes),
 * re-encodes it without metadata at the size pages show, and stores it under a new
 * random key, which it returns.
 */
export async function storeImage(file: FormDataEntryValue | null, folder: ImageFolder): Promise<string> {
  const upload = await inspectUpload(file, "image");
  const key = await saveImage(upload.bytes, folder);
  // Bytes that only start like an image.
  if (!key) throw wrongType("image");
  return key;
}
