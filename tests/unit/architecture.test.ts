import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/*
 * The arrows of docs/architecture.md, as eslint.config.js holds them: a file of each
 * part that imports what the part may not is refused by the linter, and one that imports
 * what it may passes. Each case is a file made up here and linted as if it lived there.
 */

const eslint = new ESLint();

async function refusals(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports");
}

const value = (from: string) => `import { something } from "${from}";\nexport const used = something;\n`;
const type = (from: string) => `import type { Something } from "${from}";\nexport type Used = Something;\n`;

const FORBIDDEN: Array<[part: string, file: string, imports: string[]]> = [
  [
    "shared",
    "app/shared/made-up.ts",
    [
      "~/models/spaces.server",
      "~/web/guards.server",
      "~/services/db.server",
      "~/realtime/rooms.server",
      "~/components/toaster",
      "~/routes/login",
      "#db/schema",
    ],
  ],
  [
    "components",
    "app/components/made-up/made-up.tsx",
    ["~/models/spaces.server", "~/models/policy.server", "~/web/guards.server", "~/services/db.server", "#db/schema"],
  ],
  ["routes", "app/routes/made-up.tsx", ["~/services/storage.server", "#db/schema", "~/realtime/rooms.server"]],
  ["web", "app/web/made-up.server.ts", ["~/services/env.server", "#db/connect", "~/routes/login"]],
  ["realtime", "app/realtime/made-up.server.ts", ["#db/connect", "#db/schema", "~/routes/login"]],
  ["models", "app/models/made-up.server.ts", ["~/web/guards.server", "~/realtime/rooms.server", "~/routes/login"]],
  ["services", "app/services/made-up.server.ts", ["~/models/spaces.server", "~/web/guards.server"]],
  ["db", "db/made-up.ts", ["~/models/spaces.server"]],
];

const ALLOWED: Array<[part: string, file: string, code: string]> = [
  ["shared", "app/shared/made-up.ts", value("./chat-message") + value("zod")],
  ["components", "app/components/made-up/made-up.tsx", value("~/shared/paths") + value("~/components/toaster")],
  ["components (a loader's type)", "app/components/made-up/made-up.tsx", type("~/routes/resources.search")],
  ["routes", "app/routes/made-up.tsx", value("~/web/guards.server") + value("~/models/spaces.server")],
  ["web", "app/web/made-up.server.ts", value("~/models/site.server")],
  ["realtime", "app/realtime/made-up.server.ts", value("~/services/batches.server") + value("~/models/spaces.server")],
  ["models", "app/models/made-up.server.ts", value("~/services/db.server") + type("#db/schema")],
  ["db", "db/made-up.ts", type("~/shared/roles")],
];

describe("the linter holds the arrows between the parts", () => {
  test.each(FORBIDDEN)("%s may not import what lies outside its arrows", async (_part, file, imports) => {
    const allowed: string[] = [];
    for (const from of imports) {
      if (!(await refusals(file, value(from))).length) allowed.push(`${from} (a value)`);
      // Components may take a loader's type from a route, and nothing else's, not even a type.
      if (!(await refusals(file, type(from))).length && !from.startsWith("~/routes/")) allowed.push(`${from} (a type)`);
    }
    expect(allowed, `${file} was let import these`).toEqual([]);
  });

  test.each(ALLOWED)("%s may import what its arrows allow", async (_part, file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });

  test("a component may take a route's loader only as a type", async () => {
    expect(await refusals("app/components/made-up/made-up.tsx", value("~/routes/resources.search"))).not.toEqual([]);
  });
});
