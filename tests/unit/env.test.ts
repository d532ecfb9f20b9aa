import { describe, expect, test } from "vitest";
import { EnvError, parseDatabaseEnv, parseEnv } from "~/services/env.server";

describe("the environment", () => {
  test("defaults need nothing configured: PGlite, outbox and local files under ./data on port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL ?? env.RESEND_API_KEY ?? env.S3_BUCKET).toBeUndefined();
    expect(env.dataDir).toMatch(/\/data$/);
  });

  test("a bad value stops start-up with a message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "http", DATABASE_URL: "mysql://db/x", NODE_ENV: "production" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "http", DATABASE_URL: "mysql://db/x", NODE_ENV: "production" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
      expect(message).toContain("SESSION_SECRET: is required in production");
      expect(message).toContain("APP_URL: is required in production");
    }
  });

  test("mailed links have one origin: APP_URL, else this machine's port outside production", () => {
    expect(parseEnv({ PORT: "4000" }).APP_URL).toBe("http://localhost:4000");
    expect(parseEnv({ APP_URL: "https://agency.example.com/" }).APP_URL).toBe("https://agency.example.com");
  });

  test("empty values count as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", S3_BUCKET: " " });
    expect(env.DATABASE_URL ?? env.S3_BUCKET).toBeUndefined();
  });
});

describe("the command-line tools' environment", () => {
  test("a migration in production needs the database only, not SESSION_SECRET", () => {
    const env = parseDatabaseEnv({ NODE_ENV: "production", DATA_DIR: "/data" });
    expect(env.dataDir).toBe("/data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("a bad database variable is still named", () => {
    expect(() => parseDatabaseEnv({ DATABASE_URL: "mysql://db/x" })).toThrow(
      "DATABASE_URL: must be a postgres:// or postgresql:// URL",
    );
  });
});
