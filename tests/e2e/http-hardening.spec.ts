import http from "node:http";
import net from "node:net";
import { createWorld, expect, signInAs, test } from "./support/fixtures";

/* What the production server answers to hostile requests, and the headers every answer carries. */

const MB = 1024 * 1024;

/** A POST whose body streams in chunks without a Content-Length, stopped as soon as an answer comes. */
function postChunked(url: string, totalBytes: number, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    const write = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on("error", reject);
    write();
  });
}

/** Sends one request on an open connection and reads its answer's status line, or null when the server closed it. */
function askOnConnection(socket: net.Socket, host: string) {
  return new Promise<string | null>((resolve) => {
    const onData = (data: Buffer) => done(data.toString("latin1").split("\r\n")[0]);
    const done = (line: string | null) => {
      socket.off("data", onData).off("close", onClose);
      resolve(line);
    };
    const onClose = () => done(null);
    socket.on("data", onData).on("close", onClose);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`, (error) => error && done(null));
  });
}

test("a keep-alive connection left idle, as a proxy keeps one, still serves the next request", async ({ baseURL }) => {
  const { hostname, port, host } = new URL(baseURL!);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  expect(await askOnConnection(socket, host)).toBe("HTTP/1.1 200 OK");
  // Past Node's default of 5 s, after which a request written to the closing connection failed.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(await askOnConnection(socket, host)).toBe("HTTP/1.1 200 OK");
  socket.destroy();
});

test("a 12 MB chunked post to /login is refused with 413 and says why", async ({ baseURL }) => {
  const response = await postChunked(`${baseURL}/login`, 12 * MB, {
    Origin: baseURL!,
    "Content-Type": "application/x-www-form-urlencoded",
  });
  expect(response.status).toBe(413);
  expect(response.body).toContain("The request was too large.");
});

test("a body declared larger than its cap is refused before it is read", async ({ request, baseURL }) => {
  const form = await request.post("/login", {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: Buffer.alloc(2 * MB, "a"),
  });
  expect(form.status()).toBe(413);
  expect(await form.text()).toBe("The request was too large.");

  const upload = await request.post("/login", {
    headers: { Origin: baseURL!, "Content-Type": "multipart/form-data; boundary=x" },
    data: Buffer.alloc(12 * MB),
  });
  expect(upload.status()).toBe(413);
  expect(await upload.text()).toBe("File too large. Please upload a file smaller than 10MB.");
});

test("every page carries the security headers; pages opened from a mailed link send no Referer", async ({
  request,
}) => {
  const home = (await request.get("/")).headers();
  const csp = home["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  expect(home["referrer-policy"]).toBe("same-origin");

  for (const path of [
    "/reset-password?token=abc",
    "/team-register?invitation_id=abc",
    "/client-register?invitation_id=abc",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
  }
});

test("what is rendered for one person is never stored by a cache; public pages and build files keep theirs", async ({
  page,
  baseURL,
}) => {
  const anonymous = await page.request.get("/");
  expect(anonymous.headers()["cache-control"] ?? "").not.toContain("no-store");
  const script = (await anonymous.text()).match(/\/build\/[\w./-]+\.js/)![0];
  expect((await page.request.get(script)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const world = await createWorld(page, { spaces: [{ name: "Launch" }] });
  await signInAs(page, world.owner.email);
  const space = `/spaces/${world.spaces[0].id}`;
  const sent = await page.request.post(space, {
    headers: { Origin: baseURL! },
    multipart: {
      intent: "send",
      clientId: crypto.randomUUID(),
      content: "The budget",
      file: { name: "budget.txt", mimeType: "text/plain", buffer: Buffer.from("Budget: 12k\n") },
    },
  });
  expect(sent.ok()).toBe(true);
  const html = await (await page.request.get(space)).text();
  const attachment = html.match(/\/attachments\/[\w-]+/)![0];

  for (const path of ["/dashboard", space, "/resources/search?q=Launch", attachment]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("a production error page shows no stack trace", async ({ request }) => {
  const response = await request.get("/%E0%A4%A");
  expect(response.status()).toBe(400);
  expect(await response.text()).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
});
