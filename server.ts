/*
 * Wiring only: Express, static files, security headers, the Remix handler and
 * socket.io. Everything the app does lives in the Remix server build, which also
 * hands us its realtime handlers and its shutdown, so there is one module graph.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import helmet from "helmet";
import { Server as SocketServer } from "socket.io";

type AppModule = typeof import("./app/entry.server");
type AppBuild = ServerBuild & { entry: { module: AppModule } };

const MODE = process.env.NODE_ENV === "production" ? "production" : "development";
// Set by `remix dev`, which rebuilds and then waits for us to say the new build is live.
const devOrigin = process.env.REMIX_DEV_ORIGIN;
const BUILD_PATH = path.resolve("build/index.js");
const VERSION_PATH = path.resolve("build/version.txt");

// A bad environment or a failed migration stops start-up with its message, not a stack trace.
let build: AppBuild;
try {
  build = await importBuild();
  await build.entry.module.startup();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { port, trustProxyHops } = build.entry.module.serverConfig();
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxyHops);
app.use(compression());

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": ["'self'", ...(devOrigin ? [devOrigin.replace(/^http/, "ws")] : [])],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": null,
      },
    },
  }),
);

app.use((req, res, next) => {
  if (!build.entry.module.isAllowedOrigin(req)) {
    res.status(403).type("text").send("This request came from another site and was refused.");
    return;
  }
  // A page with Referrer-Policy: no-referrer (reset, invitation) posts "Origin: null". The check
  // above placed it on this site by the browser's Sec-Fetch-Site; Remix's own check would refuse "null".
  if (req.headers.origin === "null") delete req.headers.origin;
  next();
});

// The browser build's scripts and styles as scripts/build.mjs compressed them (file.js.br), where
// the browser accepts brotli; the compression middleware above leaves an encoded response alone.
app.use(
  "/build",
  expressStaticGzip("public/build", {
    enableBrotli: true,
    orderPreference: ["br"],
    serveStatic: { immutable: true, maxAge: "1y" },
  }),
);
// Only a path with an extension can be a file of public/: pages skip the disk lookup (a stat per request).
const publicFiles = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// Liveness: the process answers (Fly's proxy routes by it). A database outage must not fail it,
// or every machine would be taken out of service at once; pages answer 503 meanwhile.
app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
// Readiness: the database answers too (for monitoring, and deploys wait for it).
app.get("/readyz", async (_req, res) => {
  try {
    await build.entry.module.checkReady();
    res.json({ status: "ready" });
  } catch (error) {
    console.error("readyz: database did not answer", error instanceof Error ? error.message : error);
    res.status(503).set("Retry-After", "5").json({ status: "unavailable" });
  }
});

// A body whose declared length is over its cap is refused before anything reads it; the app
// counts the bytes of every body it reads, so one without a true length is cut off there.
app.use((req, res, next) => {
  const refusal = build.entry.module.refuseDeclaredBody(req.headers);
  if (!refusal) return next();
  res.status(413).type("text").send(refusal);
});

// Which of the app's responses a cache may keep, and which pages send no Referer: the app
// decides once the response's own headers are set (static files above keep theirs).
app.use((req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    for (const [name, value] of Object.entries(build.entry.module.privacyHeaders(req, res.getHeaders()))) {
      res.setHeader(name, value);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});

// The e2e suite's shortcuts; never set outside it. Loaded from source through tsx (the suite
// runs `node --import tsx build/server.js`) and named at run time, so no bundle holds them.
if (process.env.E2E_HOOKS === "1") {
  const hooks = url.pathToFileURL(path.resolve("tests/e2e/support/server-hooks.ts")).href;
  const { e2eHooks } = (await import(hooks)) as typeof import("./tests/e2e/support/server-hooks");
  app.use("/e2e", e2eHooks());
}

app.all(
  "*",
  MODE === "development" ? (req, res, next) => createRemixHandler(build)(req, res, next) : createRemixHandler(build),
);

const server = http.createServer(app);
// The proxy in front (Fly's closes idle connections after 60 s) must be the one to close an
// idle keep-alive connection: with Node's 5 s, a request it sent on a connection the app was
// closing at that moment failed with ECONNRESET.
server.keepAliveTimeout = 65_000;
const io = new SocketServer(server, {
  serveClient: false,
  allowRequest: (req, callback) => build.entry.module.allowRealtimeRequest(req, callback),
});
await build.entry.module.attachRealtime(io);

server.listen(port, () => {
  console.log(`Agency workspace ready on http://localhost:${port} (${MODE})`);
  if (devOrigin) build.entry.module.broadcastDevReady(build);
});

if (devOrigin) {
  const { watch } = await import("chokidar");
  const reload = async () => {
    build = await importBuild();
    await build.entry.module.attachRealtime(io);
    await build.entry.module.attachJobs();
    build.entry.module.broadcastDevReady(build);
  };
  watch(VERSION_PATH, { ignoreInitial: true }).on("add", reload).on("change", reload);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing connections`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await new Promise<void>((resolve) => io.close(() => resolve()));
  server.closeIdleConnections();
  await build.entry.module.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

function createRemixHandler(current: AppBuild) {
  return current.entry.module.createRequestHandler({
    build: current,
    mode: MODE,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "unknown" }),
  });
}

async function importBuild(): Promise<AppBuild> {
  if (!fs.existsSync(BUILD_PATH)) {
    console.error("No server build at build/index.js. Run `npm run build` (or `npm run dev`) first.");
    process.exit(1);
  }
  const stamp = fs.statSync(BUILD_PATH).mtimeMs;
  return (await import(`${url.pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as AppBuild;
}
