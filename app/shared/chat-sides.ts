/*
 * Issue 38: a space's two chats. The client chat is the space itself; the team-only side
 * is read by the agency's staff alone, and wherever a chat is named (the bell, mails,
 * pushes, search) its side is named with it, so nobody mistakes one for the other.
 */

export const TEAM_ONLY = "Team only";

/** The words on the team side's message box. */
export const TEAM_ONLY_NOTE = "Only your team sees this";

export type ChatSide = "client" | "team";

/** The Client chat and Team only tabs of a space's chat (agency staff only): each side's chat id and unread count. */
export type ChatTabs = { client: { id: string; unread: number }; team: { id: string; unread: number } };

/** What Share with client will put in the client chat, shown before it does. */
export type SharePreview = { id: string; content: string; attachmentName: string | null };

/** What a chat is called where it is named: the space's name, or "Team only · {name}" for its team side. */
export function chatName(spaceName: string, side: ChatSide): string {
  return side === "team" ? `${TEAM_ONLY} · ${spaceName}` : spaceName;
}

/** The side of a `spaces` row: a team side names the space it belongs to. */
export function sideOf(row: { team_side_of: string | null }): ChatSide {
  return row.team_side_of === null ? "client" : "team";
}
