import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/*
 * Requests the server makes to addresses its users gave it (a link's page and image,
 * a browser's push endpoint). Each one could aim the server at what only it can reach
 * (the cloud's metadata service, a database next door), so every hop is checked here:
 * http(s) on ports 80 and 443 only; the name resolved once, refused when any of its
 * addresses is not a public unicast one (loopback, private, link-local, unique-local,
 * metadata, IPv4-mapped and the other embedding forms included), and the connection
 * made to the very address checked, so a second answer of the DNS cannot swap it; the
 * same again on each redirect; a deadline for the whole exchange; a cap on the bytes
 * read; no cookies kept or sent, no compression asked for.
 *
 * Written on node:http rather than fetch: fetch offers no way to pin the connection
 * to the address that was checked.
 */

export class OutboundRefusal extends Error {
  name = "OutboundRefusal";
}

export type OutboundOptions = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** Exact `host:port` pairs let through whatever their address and port (tests and local development only). */
  allowedHosts?: ReadonlySet<string>;
  /** The most bytes read of the answer. */
  maxBytes?: number;
  /** Past `maxBytes`: false refuses the answer, true keeps what came before the cap (a page's head is at its start). */
  truncate?: boolean;
  /** The deadline for the whole exchange, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Refuses an answer whose Content-Type this returns false for, before its body is read. */
  accept?: (contentType: string) => boolean;
  /** How names are resolved (node's resolver unless a test gives another). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
};

export type OutboundResponse = {
  status: number;
  /** Where the answer came from, after any redirects. */
  url: URL;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
};

const ALLOWED_PORTS = new Set(["80", "443"]);
const USER_AGENT = "AgencyWorkspace/1.0";

/** Makes the request, following at most `maxRedirects` redirects, each checked afresh. */
export async function outboundRequest(target: string | URL, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 3_000);
  let url = parseTarget(target);
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(url, options, deadline);
    if (!("location" in response)) return response;
    if (redirects >= (options.maxRedirects ?? 3)) throw new OutboundRefusal("Too many redirects");
    url = parseTarget(response.location, url);
  }
}

/** True for a public unicast address: what the server may connect to for a user. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6) {
    // The deprecated IPv4-compatible form (::a.b.c.d, ::/96) carries an IPv4 address too; ipaddr.js calls it unicast.
    if (parsed.parts.slice(0, 6).every((part) => part === 0)) return false;
    if (parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** `host:port` pairs from a comma-separated setting such as `127.0.0.1:4567,localhost:8080`. */
export function parseAllowedHosts(setting: string | undefined): ReadonlySet<string> {
  return new Set(
    (setting ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The URL to request, `target` read against `base` (a redirect's Location is often relative). */
function parseTarget(target: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    throw new OutboundRefusal("Not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefusal("Only http and https");
  if (url.username || url.password) throw new OutboundRefusal("No credentials in the URL");
  return url;
}

/** The URL's host as an address or name (no IPv6 brackets, lower case) and its port, the scheme's when none is written. */
export function hostAndPort(url: URL): { host: string; port: string } {
  return {
    host: url.hostname.replace(/^\[|\]$/g, "").toLowerCase(),
    port: url.port || (url.protocol === "https:" ? "443" : "80"),
  };
}

/** Whether the setting's exact `host:port` pairs name this URL's. */
export function isAllowedHost(url: URL, allowedHosts: ReadonlySet<string> | undefined): boolean {
  return allowedHosts?.has(`${url.hostname.toLowerCase()}:${hostAndPort(url).port}`) ?? false;
}

/** The address to connect to: the URL's literal, or the name's first address once every one of them passes. */
async function addressFor(
  url: URL,
  options: OutboundOptions,
  deadline: AbortSignal,
): Promise<{ address: string; family: number }> {
  const { host: hostname, port } = hostAndPort(url);
  const allowed = isAllowedHost(url, options.allowedHosts);
  if (!allowed && !ALLOWED_PORTS.has(port)) throw new OutboundRefusal(`Port ${port} is not allowed`);
  const family = net.isIP(hostname);
  const addresses = family ? [{ address: hostname, family }] : await resolveBefore(hostname, options, deadline);
  if (!addresses.length) throw new OutboundRefusal(`${hostname} does not resolve`);
  if (!allowed) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) throw new OutboundRefusal(`${refused.address} is not a public address`);
  }
  return addresses[0];
}

function resolveName(hostname: string) {
  return dns.lookup(hostname, { all: true, verbatim: true });
}

/** The name's addresses, none when it does not resolve; the deadline covers a name server that never answers. */
function resolveBefore(hostname: string, options: OutboundOptions, deadline: AbortSignal) {
  if (deadline.aborted) throw new OutboundRefusal("Timed out");
  const timedOut = new Promise<never>((_, reject) =>
    deadline.addEventListener("abort", () => reject(new OutboundRefusal("Timed out")), { once: true }),
  );
  const resolved = (options.resolve ?? resolveName)(hostname).catch(() => []);
  return Promise.race([resolved, timedOut]);
}

type Redirect = { location: string };

async function requestOnce(
  url: URL,
  options: OutboundOptions,
  deadline: AbortSignal,
): Promise<OutboundResponse | Redirect> {
  const { address, family } = await addressFor(url, options, deadline);
  const { host, port } = hostAndPort(url);
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: { "user-agent": USER_AGENT, ...options.headers, host: url.host },
        agent: false,
        signal: deadline,
        // The name is not looked up again: the connection goes to the address just checked.
        lookup: ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          lookupOptions.all
            ? callback(null, [{ address, family }])
            : callback(null, address, family)) as unknown as net.LookupFunction,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          return resolve({ location });
        }
        const contentType = (response.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
        if (options.accept && !options.accept(contentType)) {
          response.destroy();
          return reject(new OutboundRefusal(`Refused content type ${contentType || "(none)"}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) =>
          resolve({ status, url, contentType, headers: response.headers, body: Buffer.concat(chunks), truncated });
        response.on("data", (chunk: Buffer) => {
          if (size + chunk.length > maxBytes) {
            response.destroy();
            if (!options.truncate) return reject(new OutboundRefusal(`Larger than ${maxBytes} bytes`));
            chunks.push(chunk.subarray(0, maxBytes - size));
            size = maxBytes;
            return finish(true);
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => finish(false));
        response.on("error", (error) => reject(refusalOf(error, deadline)));
      },
    );
    request.on("error", (error) => reject(refusalOf(error, deadline)));
    request.end(options.body);
  });
}

function refusalOf(error: Error, deadline: AbortSignal) {
  if (error instanceof OutboundRefusal) return error;
  return new OutboundRefusal(deadline.aborted ? "Timed out" : `Failed: ${error.message}`);
}
