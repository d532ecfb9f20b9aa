import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, outboundRequest, OutboundRefusal, parseAllowedHosts } from "~/services/outbound.server";

/*
 * The guard on requests the server makes to addresses users give it (issue 21's link
 * previews, push endpoints): every class of address an attacker would aim it at is
 * refused before any connection, on the first hop and on each redirect; a local server,
 * let through by name as tests and development do, shows what reaches the other side.
 */

type Seen = { path: string; host: string | undefined; cookie: string | undefined };

let server: http.Server;
let other: http.Server;
let origin: string;
let otherOrigin: string;
const seen: Seen[] = [];
const seenByOther: Seen[] = [];

function record(list: Seen[], request: http.IncomingMessage) {
  list.push({ path: request.url ?? "", host: request.headers.host, cookie: request.headers.cookie });
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    record(seen, request);
    const url = new URL(request.url ?? "/", "http://local");
    if (url.pathname === "/page") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end("<title>Hello</title>");
    }
    if (url.pathname === "/json") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end("{}");
    }
    if (url.pathname === "/hops") {
      // /hops?n=3 redirects three times before it answers.
      const left = Number(url.searchParams.get("n"));
      if (left === 0) return response.writeHead(200, { "content-type": "text/html" }).end("done");
      return response.writeHead(302, { location: `/hops?n=${left - 1}` }).end();
    }
    if (url.pathname === "/to") {
      return response.writeHead(302, { location: url.searchParams.get("url") ?? "/" }).end();
    }
    if (url.pathname === "/cookie") {
      return response.writeHead(302, { "set-cookie": "session=secret; Path=/", location: "/page" }).end();
    }
    if (url.pathname === "/huge") {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<title>Huge</title>");
      const block = "x".repeat(64 * 1024);
      // 4 MB, more than any cap; the guard must stop reading.
      for (let index = 0; index < 64; index++) response.write(block);
      return response.end();
    }
    if (url.pathname === "/silent") return; // Never answers.
    if (url.pathname === "/stalls") {
      // Starts its page, then sends nothing more.
      response.writeHead(200, { "content-type": "text/html" });
      return response.write("<title>Slow</title>");
    }
    response.writeHead(404).end();
  });
  other = http.createServer((request, response) => {
    record(seenByOther, request);
    response.writeHead(200, { "content-type": "text/html" }).end("<title>Other</title>");
  });
  await Promise.all([listen(server), listen(other)]);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([new Promise((done) => server.close(done)), new Promise((done) => other.close(done))]);
});

function listen(target: http.Server) {
  return new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
}

/** Only the test server is let through, by its exact host and port. */
const allowed = () => parseAllowedHosts(new URL(origin).host);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(OutboundRefusal);
  return (error as Error).message;
}

describe("addresses the server must never reach for a user", () => {
  const refused: Array<[string, string]> = [
    ["IPv4 loopback", "http://127.0.0.1/"],
    ["IPv4 loopback, elsewhere in 127/8", "http://127.45.6.7/"],
    ["IPv4 loopback written as one number", "http://2130706433/"],
    ["IPv4 loopback written in hex", "http://0x7f.1/"],
    ["IPv6 loopback", "http://[::1]/"],
    ["private 10/8", "http://10.0.0.1/"],
    ["private 172.16/12", "http://172.16.5.4/"],
    ["private 192.168/16", "https://192.168.1.1/"],
    ["link-local, the cloud metadata service", "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 link-local", "http://[fe80::1]/"],
    ["IPv6 unique-local", "http://[fc00::1]/"],
    ["IPv6 unique-local, AWS's metadata service", "http://[fd00:ec2::254]/"],
    ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped IPv6 metadata, in hex", "http://[::ffff:a9fe:a9fe]/"],
    ["IPv4-mapped IPv6 private", "http://[::ffff:10.1.2.3]/"],
    ["IPv4-compatible IPv6 (deprecated) of loopback", "http://[::127.0.0.1]/"],
    ["IPv4-compatible IPv6 (deprecated) of the metadata service", "http://[::169.254.169.254]/"],
    ["NAT64 of loopback", "http://[64:ff9b::7f00:1]/"],
    ["6to4 of a private address", "http://[2002:a00:1::]/"],
    ["unspecified IPv4", "http://0.0.0.0/"],
    ["unspecified IPv6", "http://[::]/"],
    ["carrier-grade NAT (Alibaba's metadata)", "http://100.100.100.200/"],
    ["multicast", "http://224.0.0.1/"],
    ["broadcast", "http://255.255.255.255/"],
    ["a name that resolves to loopback", "http://localhost/"],
  ];

  it.each(refused)("refuses %s (%s) without connecting", async (_name, url) => {
    expect(await refusal(outboundRequest(url))).toMatch(/not a public address/);
  });

  it("refuses a name when any of its addresses is private, and names the one it found", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    expect(await refusal(outboundRequest("https://rebind.example/", { resolve }))).toBe(
      "10.0.0.7 is not a public address",
    );
  });

  it("takes public unicast addresses for what they are", () => {
    expect(isPublicAddress("93.184.215.14")).toBe(true);
    expect(isPublicAddress("2606:2800:21f:cb07:6820:80da:af6b:8b2c")).toBe(true);
    expect(isPublicAddress("::ffff:93.184.215.14")).toBe(true);
    expect(isPublicAddress("not an address")).toBe(false);
  });

  it("refuses other schemes, other ports and credentials in the URL", async () => {
    expect(await refusal(outboundRequest("ftp://example.com/file"))).toBe("Only http and https");
    expect(await refusal(outboundRequest("file:///etc/passwd"))).toBe("Only http and https");
    expect(await refusal(outboundRequest("http://93.184.215.14:8080/"))).toBe("Port 8080 is not allowed");
    expect(await refusal(outboundRequest("https://93.184.215.14:22/"))).toBe("Port 22 is not allowed");
    expect(await refusal(outboundRequest("http://user:pass@example.com/"))).toBe("No credentials in the URL");
    expect(await refusal(outboundRequest("not a url"))).toBe("Not a URL");
  });
});

describe("a server let through by its host and port", () => {
  it("is reached only when named, at the address resolved once, with its name as the Host", async () => {
    const before = seen.length;
    expect(await refusal(outboundRequest(`${origin}/page`))).toMatch(/^Port \d+ is not allowed$/);
    expect(seen.length).toBe(before);

    const port = new URL(origin).port;
    const lookups: string[] = [];
    const resolve = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const answer = await outboundRequest(`http://preview.test:${port}/page`, {
      resolve,
      allowedHosts: parseAllowedHosts(`preview.test:${port}`),
    });
    expect(answer.body.toString()).toBe("<title>Hello</title>");
    expect(lookups).toEqual(["preview.test"]);
    expect(seen.at(-1)?.host).toBe(`preview.test:${port}`);
  });

  it("checks every redirect again: to a server not let through, or to the metadata service, nothing is sent", async () => {
    const before = seenByOther.length;
    const toOther = `${origin}/to?url=${encodeURIComponent(`${otherOrigin}/`)}`;
    expect(await refusal(outboundRequest(toOther, { allowedHosts: allowed() }))).toMatch(/^Port \d+ is not allowed$/);
    expect(seenByOther.length).toBe(before);
    const toMetadata = `${origin}/to?url=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`;
    expect(await refusal(outboundRequest(toMetadata, { allowedHosts: allowed() }))).toBe(
      "169.254.169.254 is not a public address",
    );
    const toFile = `${origin}/to?url=${encodeURIComponent("file:///etc/passwd")}`;
    expect(await refusal(outboundRequest(toFile, { allowedHosts: allowed() }))).toBe("Only http and https");
    const toNowhere = `${origin}/to?url=${encodeURIComponent("http://[zz")}`;
    expect(await refusal(outboundRequest(toNowhere, { allowedHosts: allowed() }))).toBe("Not a URL");
  });

  it("follows at most three redirects", async () => {
    const three = await outboundRequest(`${origin}/hops?n=3`, { allowedHosts: allowed() });
    expect(three.body.toString()).toBe("done");
    expect(three.url.search).toBe("?n=0");
    expect(await refusal(outboundRequest(`${origin}/hops?n=4`, { allowedHosts: allowed() }))).toBe(
      "Too many redirects",
    );
  });

  it("keeps no cookie a server sets", async () => {
    await outboundRequest(`${origin}/cookie`, { allowedHosts: allowed() });
    expect(seen.at(-1)).toMatchObject({ path: "/page", cookie: undefined });
  });

  it("refuses an answer of a type it did not ask for, before reading it", async () => {
    const html = (type: string) => type === "text/html";
    expect(await refusal(outboundRequest(`${origin}/json`, { allowedHosts: allowed(), accept: html }))).toBe(
      "Refused content type application/json",
    );
  });

  it("reads at most the cap: a page is cut there, anything else refused", async () => {
    const cut = await outboundRequest(`${origin}/huge`, { allowedHosts: allowed(), truncate: true });
    expect(cut).toMatchObject({ truncated: true });
    expect(cut.body.length).toBe(1024 * 1024);
    expect(cut.body.subarray(0, 19).toString()).toBe("<title>Huge</title>");
    expect(await refusal(outboundRequest(`${origin}/huge`, { allowedHosts: allowed() }))).toBe(
      `Larger than ${1024 * 1024} bytes`,
    );
  });

  it("gives up on a name server that does not answer in time", async () => {
    const resolve = () => new Promise<Array<{ address: string; family: number }>>(() => {});
    expect(await refusal(outboundRequest("https://slow-dns.example/", { resolve, timeoutMs: 300 }))).toBe("Timed out");
  });

  it("gives up on a server that does not answer in time, or stops halfway", async () => {
    expect(await refusal(outboundRequest(`${origin}/silent`, { allowedHosts: allowed(), timeoutMs: 300 }))).toBe(
      "Timed out",
    );
    expect(await refusal(outboundRequest(`${origin}/stalls`, { allowedHosts: allowed(), timeoutMs: 300 }))).toBe(
      "Timed out",
    );
  });
});
