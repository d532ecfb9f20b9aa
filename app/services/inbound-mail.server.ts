import { convert } from "html-to-text";
import EmailReplyParser from "email-reply-parser";
import { simpleParser, type AddressObject } from "mailparser";

/*
 * A received mail as the models read it (issue 37): the raw message (RFC 5322, an .eml
 * file, or what Resend's receiving API returns) parsed by mailparser, its HTML turned
 * into text when it has no text part, and the new text of a reply told apart from what
 * it quotes by email-reply-parser. What may be posted is the models' rule
 * (app/models/mail-replies.server.ts).
 */

export type ReceivedFile = { name: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };

export type ReceivedMail = {
  messageId: string | null;
  /** The From address, lower-cased. */
  from: string | null;
  /** Every address it was sent to: To, Cc, and the envelope's Delivered-To and X-Original-To. */
  recipients: string[];
  subject: string;
  /** Headers by lower-cased name, as text. */
  headers: Map<string, string>;
  /** The whole text, HTML turned into text when there is no text part. */
  text: string;
  files: ReceivedFile[];
};

const SIGNATURE_IMAGE_BYTES = 16 * 1024;

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.flatMap((address) => (address.address ? [address.address] : [])),
  );

export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const headers = new Map<string, string>();
  for (const [name, value] of parsed.headers) {
    headers.set(name.toLowerCase(), typeof value === "string" ? value : JSON.stringify(value));
  }
  const envelope = ["delivered-to", "x-original-to"].flatMap((name) =>
    parsed.headerLines
      .filter((line) => line.key === name)
      .map((line) => line.line.slice(line.line.indexOf(":") + 1).trim()),
  );
  const text = parsed.text?.trim()
    ? parsed.text
    : parsed.html
      ? convert(parsed.html, { wordwrap: false, selectors: [{ selector: "img", format: "skip" }] })
      : "";
  return {
    messageId: parsed.messageId ?? null,
    from: addressesOf(parsed.from)[0]?.toLowerCase() ?? null,
    recipients: [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelope],
    subject: parsed.subject ?? "",
    headers,
    text,
    files: parsed.attachments
      // A picture placed in the text (Apple Mail's way of attaching one) is a file; a
      // signature's small logo is not.
      .filter((attachment) => attachment.contentDisposition !== "inline" || attachment.size > SIGNATURE_IMAGE_BYTES)
      .map((attachment) => ({
        name: attachment.filename ?? "attachment",
        contentType: attachment.contentType,
        bytes: Uint8Array.from(attachment.content),
      })),
  };
}

/** The new text of a reply: what it quotes ("On … wrote:", "> …"), signatures and mobile footers cut. */
export function newTextOf(text: string): string {
  return new EmailReplyParser().parseReply(text.replaceAll("\r\n", "\n")).trim();
}
