import type { AuditKind } from "./audit-kinds";
import type { Page } from "./paging";

/* The agency's audit log as the Settings › Audit page shows it (app/models/audit.server.ts). */

export type AuditEntry = {
  id: string;
  summary: string;
  /** The kind's label ("Sign-ins"); null for an action no kind gathers. */
  kind: string | null;
  at: string;
  actor: { name: string; avatar: string | null } | null;
  space: { id: string; name: string } | null;
};

export type AuditLog = {
  entries: Page<AuditEntry>;
  filters: AuditFilters;
  /** Who may be chosen: everyone who has a line in the log, by name. */
  people: Array<{ id: string; name: string }>;
  /** The agency's spaces, by name. */
  spaces: Array<{ id: string; name: string }>;
};

/** What the page shows: whose actions (a user id), about which space, of which kind; null is any. */
export type AuditFilters = { person: string | null; space: string | null; kind: AuditKind | null; page: number };
