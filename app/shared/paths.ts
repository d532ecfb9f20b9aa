import type { UserType } from "./roles";
import type { ShellArea } from "./shell";

/** The two kinds of people an agency keeps on its rosters. */
export type PersonKind = "team_member" | "client";

/*
 * Where a space, a person or the settings open for each user type: agency staff enter
 * a space at /spaces/{id}, a client chats in it at /client/chat/{id}; people open on the
 * roster of the user's own area; settings are per area (SPEC §2.2–2.4).
 */

export function spacePath(userType: UserType, spaceId: string): string {
  return userType === "CLIENT" ? `/client/chat/${spaceId}` : `/spaces/${spaceId}`;
}

/** A space's Files tab, beside its chat (the same address for each user type, with /files). */
export function spaceFilesPath(userType: UserType, spaceId: string): string {
  return `${spacePath(userType, spaceId)}/files`;
}

/** A space's Sign-offs tab (issue 39), beside its chat and files. */
export function spaceSignOffsPath(userType: UserType, spaceId: string): string {
  return `${spacePath(userType, spaceId)}/sign-offs`;
}

/** Where members download a message's file (app/routes/attachments.$messageId.tsx checks who asks). */
export function attachmentPath(messageId: string): string {
  return `/attachments/${messageId}`;
}

/** The New Space form as a page (the dialog's link without JavaScript). */
export const CREATE_SPACE_ACTION = "/spaces/new";

/** Delete Space's confirmation as a page. */
export const deleteSpacePath = (spaceId: string) => `/spaces/${spaceId}/delete`;

/** The invite form as a page; `share`: the Share Invite Link flow, whose link is announced as a share link (SPEC §8). */
export const inviteFormPath = (kind: "team" | "client", { share = false } = {}) =>
  `/invitations/new?kind=${kind}${share ? "&share=1" : ""}`;

export function personPath(userType: UserType, kind: PersonKind): string {
  if (userType === "CLIENT") return kind === "team_member" ? "/client/team" : "/client/employees";
  if (userType === "TEAM_MEMBER") return kind === "team_member" ? "/teams/my-team" : "/teams/clients";
  return kind === "team_member" ? "/team" : "/clients";
}

/** The settings of the user's area; its tabs follow (`/security`, `/notifications`). */
export function settingsPath(userType: UserType): string {
  if (userType === "CLIENT") return "/client/settings";
  if (userType === "TEAM_MEMBER") return "/teams/settings";
  return "/settings";
}

/** Where the avatar menu's Profile link goes: the settings of each area, which open on the profile. */
export const profileHref: Record<ShellArea, string> = {
  agency: settingsPath("AGENCY"),
  client: settingsPath("CLIENT"),
  teams: settingsPath("TEAM_MEMBER"),
};
