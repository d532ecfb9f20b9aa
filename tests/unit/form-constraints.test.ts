import fs from "node:fs";
import { expect, test } from "vitest";
import { CONSTRAINTS_FILE, renderFormConstraints } from "../../scripts/form-constraints";

// The browser's forms take their HTML constraints from this file, not from the schemas:
// a schema changed without `npm run forms:constraints` would mark the wrong fields required.
test("the forms' constraints are those of the schemas (else run npm run forms:constraints)", async () => {
  expect(fs.readFileSync(CONSTRAINTS_FILE, "utf8")).toBe(await renderFormConstraints());
});
