import type { Migration } from "kysely/migration";
import * as initial from "./0001_initial";

/* Listed here rather than read from disk, so that they travel inside the server build. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
};
