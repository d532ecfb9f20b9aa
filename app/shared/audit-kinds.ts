/*
 * The kinds of the audit page's filter (app/models/audit.server.ts), each gathering the
 * activity log's actions of that kind. A plain module: the page's filter lists them too.
 */

/** Written when someone signs in from a browser they had not used (app/models/known-devices.server.ts). */
export const NEW_DEVICE_SIGN_IN = "security.new_device_sign_in";

/** Written when a team-only message is copied into the client chat (app/models/chat-sides.server.ts). */
export const SHARED_WITH_CLIENT = "message.shared_with_client";

/** Written with each step of a sign-off (app/models/sign-offs.server.ts). */
export const SIGN_OFF_AUDIT = {
  asked: "sign_off.asked",
  approved: "sign_off.approved",
  changes_requested: "sign_off.changes_requested",
  withdrawn: "sign_off.withdrawn",
  reopened: "sign_off.reopened",
  new_version: "sign_off.new_version",
} as const;

/** The kinds a person filters by, each the log's actions it gathers. */
export const AUDIT_KINDS = {
  invitations: { label: "Invitations", actions: ["invitation.created"] },
  registrations: { label: "Registrations", actions: ["agency.created", "team_member.joined", "client.joined"] },
  removals: { label: "Removals", actions: ["team_member.removed", "client.removed"] },
  assignments: {
    label: "Space members",
    actions: [
      "space.team_member_assigned",
      "space.team_member_unassigned",
      "space.client_added",
      "space.client_removed",
    ],
  },
  spaces: { label: "Space changes", actions: ["space.created", "space.updated", "space.deleted"] },
  "sign-ins": { label: "Sign-ins", actions: [NEW_DEVICE_SIGN_IN, "login.temporary_password"] },
  security: {
    label: "Security",
    actions: [
      "security.two_factor_enabled",
      "security.two_factor_disabled",
      "security.password_changed",
      "security.client_exports_allowed",
      "security.client_exports_stopped",
    ],
  },
  exports: { label: "Exports", actions: ["space.exported"] },
  shares: { label: "Shared with client", actions: [SHARED_WITH_CLIENT] },
  "sign-offs": { label: "Sign-offs", actions: Object.values(SIGN_OFF_AUDIT) },
  profiles: { label: "Profiles", actions: ["profile.updated", "profile.image_changed"] },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;

export type AuditKind = keyof typeof AUDIT_KINDS;
