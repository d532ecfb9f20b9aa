import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    // How many proxies in front of us append to X-Forwarded-For (1 on Fly.io); 0 trusts none.
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    DATABASE_URL: optional.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
    ),
    SESSION_SECRET: optional,
    // The one origin of every mailed link: never the request's Host, which a client can forge.
    APP_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
    MAIL_FROM: z.string().trim().min(3).default("Agency Workspace <no-reply@agency-workspace.local>"),
    RESEND_API_KEY: optional,
    // The signing secret of the Resend webhook (whsec_…): mail received and bounces (issue 37).
    RESEND_WEBHOOK_SECRET: optional,
    // The domain of the reply addresses of notice mails (issue 37): its mail is received by
    // Resend, or, with the outbox, by the inbox folder and `npm run mail:receive`.
    MAIL_REPLY_DOMAIN: optional.pipe(
      z
        .string()
        .regex(/^(?=.{4,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i, "must be a domain name, e.g. reply.example.com")
        .optional(),
    ),
    S3_BUCKET: optional,
    S3_ENDPOINT: optional.pipe(z.url({ error: "must be a URL" }).optional()),
    S3_REGION: z.string().trim().min(1).default("auto"),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    // Exact host:port pairs a link preview may read although private or on another port (tests, local development).
    LINK_PREVIEW_ALLOWED_HOSTS: optional,
    // Web push (issue 21): the server's VAPID key pair (`npm run push:keys` makes one) and who
    // the push services may contact about it; without the keys, push is off.
    VAPID_PUBLIC_KEY: optional.pipe(
      z
        .string()
        .regex(/^[\w-]{87}$/, "must be the 87-character key npm run push:keys prints")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optional.pipe(
      z
        .string()
        .regex(/^[\w-]{43}$/, "must be the 43-character key npm run push:keys prints")
        .optional(),
    ),
    VAPID_SUBJECT: optional.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
        .optional(),
    ),
    // Exact host:port pairs a push endpoint may use although private, plain http or on another port (tests, local development).
    PUSH_ALLOWED_HOSTS: optional,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
  })
  // Checked even while other variables are wrong, so that one run names every problem.
  .refine((env) => env.NODE_ENV !== "production" || Boolean(env.SESSION_SECRET), {
    path: ["SESSION_SECRET"],
    message: "is required in production",
    when: () => true,
  })
  .refine((env) => env.NODE_ENV !== "production" || Boolean(env.APP_URL), {
    path: ["APP_URL"],
    message: "is required in production (the public origin of the app, e.g. https://agency.example.com)",
    when: () => true,
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    path: ["VAPID_PRIVATE_KEY"],
    message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npm run push:keys prints a pair)",
    when: () => true,
  })
  .refine((env) => !env.VAPID_PUBLIC_KEY || Boolean(env.VAPID_SUBJECT), {
    path: ["VAPID_SUBJECT"],
    message: "is required with the VAPID keys (mailto:you@example.com or your https:// site)",
    when: () => true,
  })
  .refine((env) => !env.SESSION_SECRET || env.SESSION_SECRET.length >= 32, {
    path: ["SESSION_SECRET"],
    message: "must be at least 32 characters",
    when: () => true,
  });

export type Env = z.infer<typeof envSchema> & { APP_URL: string; dataDir: string };

export class EnvError extends Error {
  name = "EnvError";
}

// What the command-line tools (migrate, seed, admin:create) need: the database and nothing else.
const { NODE_ENV, DATA_DIR, DATABASE_URL } = envSchema.shape;
const databaseSchema = z.object({ NODE_ENV, DATA_DIR, DATABASE_URL });
export type DatabaseEnv = z.infer<typeof databaseSchema> & { dataDir: string };

/** Parses the given variables, throwing an EnvError that names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = parseWith(envSchema, source);
  // Outside production, the app as a developer reaches it on this machine.
  return { ...parsed, APP_URL: new URL(parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).origin };
}

export function parseDatabaseEnv(source: Record<string, string | undefined>): DatabaseEnv {
  return parseWith(databaseSchema, source);
}

function parseWith<T extends { DATA_DIR: string }>(
  schema: z.ZodType<T>,
  source: Record<string, string | undefined>,
): T & { dataDir: string } {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;
let cachedDatabase: DatabaseEnv | undefined;

/** The environment, parsed once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Only the database's variables, so that a migration does not ask for the session secret. */
export function databaseEnv(): DatabaseEnv {
  cachedDatabase ??= parseDatabaseEnv(process.env);
  return cachedDatabase;
}
