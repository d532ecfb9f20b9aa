import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/*
 * Mails as they arrive at a reply address (issue 37): the fixtures in tests/fixtures/mail
 * (saved as Gmail, Outlook, Apple Mail and an iPhone write them) addressed to a person,
 * and small mails made here for the rules that do not depend on who wrote them.
 */

type Addressing = { from: string; to: string; messageId?: string };

const newMessageId = () => `<${crypto.randomUUID()}@mail.example>`;

/** A fixture mail, from and to these addresses, with a Message-ID of its own unless given. */
export function fixtureMail(name: string, { from, to, messageId = newMessageId() }: Addressing): Buffer {
  const raw = fs.readFileSync(path.resolve("tests/fixtures/mail", `${name}.eml`), "utf8");
  return Buffer.from(raw.replaceAll("{{FROM}}", from).replaceAll("{{TO}}", to).replaceAll("{{MESSAGE_ID}}", messageId));
}

type File = { name: string; type: string; bytes: Uint8Array };

/** A plain-text mail, with extra headers and files. */
export function plainMail({
  from,
  to,
  messageId = newMessageId(),
  subject = "Re: New messages in Launch",
  text,
  headers = {},
  files = [],
}: Addressing & { subject?: string; text: string; headers?: Record<string, string>; files?: File[] }): Buffer {
  const head = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (!files.length)
    return Buffer.from([...head, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n"));
  const boundary = `b-${crypto.randomUUID()}`;
  const parts = [
    ["Content-Type: text/plain; charset=utf-8", "", text].join("\r\n"),
    ...files.map((file) =>
      [
        `Content-Type: ${file.type}; name="${file.name}"`,
        `Content-Disposition: attachment; filename="${file.name}"`,
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from(file.bytes).toString("base64").replace(/.{76}/g, "$&\r\n"),
      ].join("\r\n"),
    ),
  ];
  return Buffer.from(
    [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      ...parts.map((part) => `--${boundary}\r\n${part}`),
      `--${boundary}--`,
      "",
    ].join("\r\n"),
  );
}
