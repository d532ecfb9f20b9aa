/** The first line of every mail we send (a reply quoting one is cut there, app/models/mail-replies.server.ts). */
export const BRAND = "Agency Workspace";

export type MailContent = {
  heading: string;
  paragraphs: string[];
  /** Messages the mail carries, each with who wrote it, shown as quotes after the paragraphs. */
  messages?: Array<{ from: string; text: string }>;
  /** Paragraphs after the messages, before the action. */
  closing?: string[];
  action?: { label: string; url: string };
  footer?: string;
};

/**
 * Renders a transactional mail as HTML and as plain text with the same content.
 * Mail clients ignore stylesheets, so every style is inline; the action's URL is
 * also printed as text, so it can be copied when the button does not work.
 */
export function renderMail({ heading, paragraphs, messages = [], closing = [], action, footer }: MailContent): {
  html: string;
  text: string;
} {
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
  const paragraph = (content: string, size = "font-size:15px;line-height:24px;color:#334155;") =>
    `<p style="${font}margin:0 0 16px;${size}">${content}</p>`;

  const body = [
    `<h1 style="${font}margin:0 0 24px;font-size:22px;line-height:30px;color:#0f172a;">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((text) => paragraph(escapeHtml(text))),
    ...messages.map(
      (message) =>
        `<blockquote style="${font}margin:0 0 12px;padding:8px 12px;border-left:3px solid #cbd5e1;font-size:15px;line-height:22px;color:#334155;"><strong>${escapeHtml(message.from)}</strong><br>${escapeHtml(message.text).replaceAll("\n", "<br>")}</blockquote>`,
    ),
    ...closing.map((text) => paragraph(escapeHtml(text))),
  ];
  if (action) {
    // A relative link means nothing in a mail client, and anything but http(s) is no link to send.
    if (!/^https?:\/\//i.test(action.url)) throw new Error(`Mail links must be absolute http(s) URLs: ${action.url}`);
    const url = escapeHtml(action.url);
    body.push(
      `<p style="margin:24px 0;"><a href="${url}" style="${font}display:inline-block;padding:12px 20px;border-radius:6px;background:#0f172a;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${escapeHtml(action.label)}</a></p>`,
      paragraph(
        `If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#2563eb;word-break:break-all;">${url}</a>`,
        "font-size:13px;line-height:20px;color:#64748b;",
      ),
    );
  }

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="${font}padding:0 0 16px;font-size:16px;font-weight:700;color:#0f172a;">${BRAND}</td></tr>
<tr><td style="background:#ffffff;border-radius:8px;padding:32px;">
${body.join("\n")}
</td></tr>
${footer ? `<tr><td style="${font}padding:16px 0 0;font-size:12px;line-height:18px;color:#64748b;">${escapeHtml(footer)}</td></tr>` : ""}
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    BRAND,
    "",
    heading,
    "",
    ...paragraphs.flatMap((text) => [text, ""]),
    ...messages.flatMap((message) => [`${message.from}:`, ...message.text.split("\n").map((line) => `  ${line}`), ""]),
    ...closing.flatMap((text) => [text, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footer ? ["--", footer] : []),
  ]
    .join("\n")
    .trimEnd();

  return { html, text: `${text}\n` };
}

/** Text made safe to put into HTML, in an element or a quoted attribute (mails, a space's exported conversation). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
