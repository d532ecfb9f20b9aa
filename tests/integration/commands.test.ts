import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";

/* npm run db:migrate | db:seed | admin:create, as an operator runs them: each checks only its own settings. */
function runTool(source: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const result = spawnSync(process.execPath, ["--import", "tsx", source, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, ...env },
  });
  return { code: result.status, stderr: result.stderr };
}

describe("the command-line tools", () => {
  test.each(["db/migrate.ts", "scripts/seed.ts", "scripts/admin-create.ts"])(
    "%s names a bad database setting in one plain message, without a stack trace, and exits with 1",
    (source) => {
      const { code, stderr } = runTool(source, { NODE_ENV: "production", DATABASE_URL: "mysql://db/x" }, [
        "admin@example.com",
      ]);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe("Invalid environment:\n  DATABASE_URL: must be a postgres:// or postgresql:// URL");
    },
    30_000,
  );
});
