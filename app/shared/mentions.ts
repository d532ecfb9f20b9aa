/*
 * Mentions in the chat (issue 17): "@Full Name" of a member of the space, stored with
 * the message as who and where (`MentionAt`), so that the chat shows the person's name
 * as it is now, and knows whom to tell. A plain module: the browser splits a message's
 * text with it too.
 */

/** Where a message names a member: their user id and the mention's place in the text. */
export type MentionAt = { userId: string; start: number; length: number };

/** A mention as the chat renders it: with the person's name as it is now. */
export type Mention = MentionAt & { name: string };

type Member = { id: string; name: string };

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * The members the text names as "@Full Name" (any case), each at its place; where two
 * names could match ("@Ann" and "@Ann Lee"), the longer. An "@" inside a word (an email
 * address) names nobody, nor does a name followed by more of a word.
 */
export function findMentions(text: string, members: Member[]): MentionAt[] {
  const candidates = members
    .filter((member) => member.name.trim())
    .map((member) => ({ id: member.id, name: member.name.trim().toLocaleLowerCase() }))
    .sort((a, b) => b.name.length - a.name.length);
  const lower = text.toLocaleLowerCase();
  const found: MentionAt[] = [];
  for (let at = lower.indexOf("@"); at !== -1; at = lower.indexOf("@", at + 1)) {
    if (at > 0 && WORD_CHARACTER.test(text[at - 1])) continue;
    const match = candidates.find(
      (member) =>
        lower.startsWith(member.name, at + 1) && !WORD_CHARACTER.test(text[at + 1 + member.name.length] ?? ""),
    );
    if (!match) continue;
    found.push({ userId: match.id, start: at, length: match.name.length + 1 });
    at += match.name.length;
  }
  return found;
}

/** The text in pieces: plain strings, and the mentions in it, in order. */
export function splitMentions(text: string, mentions: Mention[]): Array<string | Mention> {
  const pieces: Array<string | Mention> = [];
  let from = 0;
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    if (mention.start < from || mention.start + mention.length > text.length) continue;
    if (mention.start > from) pieces.push(text.slice(from, mention.start));
    pieces.push(mention);
    from = mention.start + mention.length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}
