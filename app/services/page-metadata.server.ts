import { Parser } from "htmlparser2";

/** What a web page says of itself, for a link's preview card. */
export type PageMetadata = {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) URL of the page's picture. */
  image: string | null;
};

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 300;

/**
 * Reads a page's title, description, site name and picture from its head: OpenGraph's
 * tags first, then Twitter's cards, then `<title>` and `<meta name="description">`.
 * The parser is htmlparser2's (forgiving, and it decodes entities); what is read from
 * it here is the precedence and the clean-up. `pageUrl` resolves a relative picture.
 */
export function readPageMetadata(html: string, pageUrl: URL): PageMetadata {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let titleSeen = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "title" && !titleSeen) inTitle = true;
        if (name !== "meta") return;
        const key = (attributes.property ?? attributes.name ?? "").trim().toLowerCase();
        const content = attributes.content;
        // The first of each wins, as crawlers read them.
        if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          titleSeen = true;
        }
        // Everything a card needs is in the head; the body is not read.
        if (name === "head") parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (...keys: string[]) =>
    keys.map((key) => clean(meta.get(key) ?? "")).find((value) => value.length > 0) ?? null;
  return {
    title: cut(first("og:title", "twitter:title") ?? (clean(title) || null), MAX_TITLE),
    description: cut(first("og:description", "twitter:description", "description"), MAX_DESCRIPTION),
    siteName: cut(first("og:site_name", "application-name"), MAX_TITLE),
    image: absoluteHttpUrl(
      first("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
      pageUrl,
    ),
  };
}

/** One line of text: runs of white space (new lines included) as one space. */
function clean(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string | null, length: number) {
  if (!text) return null;
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

function absoluteHttpUrl(value: string | null, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
