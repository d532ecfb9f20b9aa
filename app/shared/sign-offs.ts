/*
 * Sign-off on deliverables (issue 39, ADR 035): the shapes, states and words that the
 * card in the chat, the Sign-offs page, the dashboards, the mails and the export share.
 * The rules are in app/models/sign-offs.server.ts.
 */

/** An answer to a version: its file approved, or changes asked for (with a comment). */
export type SignOffAnswer = "approved" | "changes_requested";

export type SignOffState = "waiting" | "approved" | "changes_requested" | "withdrawn";

export const SIGN_OFF_STATES: readonly SignOffState[] = ["waiting", "approved", "changes_requested", "withdrawn"];

export const SIGN_OFF_STATE_LABEL: Record<SignOffState, string> = {
  waiting: "Waiting",
  approved: "Approved",
  changes_requested: "Changes requested",
  withdrawn: "Withdrawn",
};

/** Why a sign-off was withdrawn without anyone choosing to (its file was deleted from the chat). */
export const WITHDRAWN_FILE_DELETED = "The file was deleted from the chat";

/** A version's answer as the card and the export show it. */
export type SignOffAnswerView = {
  answer: SignOffAnswer;
  comment: string;
  by: string;
  at: string;
  /** The SHA-256 of each file's stored bytes when it was given. */
  files: Array<{ name: string; size: number; sha256: string }>;
};

export type SignOffVersionView = {
  number: number;
  messageId: string;
  /** The version's file; null once its message was deleted (its answer stays on record). */
  file: { name: string; url: string } | null;
  createdAt: string;
  answer: SignOffAnswerView | null;
};

/** A sign-off as its card in the chat shows it, and as a live change carries it. */
export type SignOffCard = {
  id: string;
  /** The client chat's id. */
  spaceId: string;
  /** The message the card is on. */
  messageId: string;
  state: SignOffState;
  askedBy: string;
  note: string;
  /** "YYYY-MM-DD", a day on the calendar, or null. */
  dueOn: string | null;
  /** The people asked, any of whom may answer the current version. */
  asked: Array<{ id: string; name: string }>;
  /** Oldest first; the last is the current one. */
  versions: SignOffVersionView[];
  withdrawn: { by: string; at: string } | null;
  createdAt: string;
};

/** The sign-off form a chat page shows, as its address asks (app/web/sign-offs.server.ts). */
export type SignOffPanel =
  | {
      kind: "ask";
      messageId: string;
      fileName: string;
      people: Array<{ id: string; name: string; owner: boolean }>;
      /** The reader's today, the earliest due date. */
      today: string;
    }
  | { kind: "approve" | "changes" | "version"; card: SignOffCard };

/**
 * The state of a sign-off: withdrawn, or the answer to its current version, or waiting
 * for one. An older version's answer stays on record but no longer decides.
 */
export function signOffState(withdrawn: boolean, current: { answer: SignOffAnswer | null } | undefined): SignOffState {
  if (withdrawn) return "withdrawn";
  return current?.answer ?? "waiting";
}

/** A waiting sign-off whose due day has passed, in the reader's calendar (`today` as dayKey gives it). */
export function isOverdue(card: Pick<SignOffCard, "state" | "dueOn">, today: string): boolean {
  return card.state === "waiting" && card.dueOn !== null && card.dueOn < today;
}

/** Whether this person may answer the card now: asked, and it waits for an answer. */
export function mayAnswer(card: Pick<SignOffCard, "state" | "asked">, userId: string): boolean {
  return card.state === "waiting" && card.asked.some((person) => person.id === userId);
}

/** The files of a sign-off's current version as a sentence: "logo-v2.png". */
export function currentFileName(card: Pick<SignOffCard, "versions">): string {
  return card.versions.at(-1)?.file?.name ?? "the file";
}

/** The longest note a request carries, and the longest comment with a request for changes. */
export const SIGN_OFF_NOTE_MAX = 2_000;

export const SIGN_OFF_TEXT = {
  askTitle: "Ask for sign-off",
  asked: { type: "success", title: "Sign-off requested" },
  approved: { type: "success", title: "Approved" },
  changesRequested: { type: "success", title: "Changes requested" },
  withdrawn: { type: "success", title: "Sign-off withdrawn" },
  reopened: { type: "success", title: "Sign-off re-opened" },
  newVersion: { type: "success", title: "New version uploaded" },
  noFile: "Only a message with a file can be signed off.",
  nobodyAsked: "Choose at least one person to answer.",
  notAskable: "Only the space's client members can be asked.",
  alreadyAsked: "This file already has a sign-off.",
  notAsked: "Only the people asked can answer this sign-off.",
  answered: "This version has already been answered.",
  notWaiting: "This sign-off is not waiting for an answer.",
  notWithdrawn: "Only a withdrawn sign-off can be re-opened.",
  commentRequired: "Please say what should change.",
  dueInPast: "The due date cannot be in the past.",
  failed: "Please try again.",
} as const;
