import { db } from "~/services/db.server";
import { TokenBuckets } from "~/services/token-buckets.server";
import type { Actor } from "./actors.server";
import { Refusal, notFound } from "./errors.server";
import { REACTION_TYPES, type ReactionType, type Reactions } from "~/shared/chat-message";
import { findVisibleMessage, MESSAGE_NOT_FOUND, reactionsFrom } from "./messages.server";
import { publishChanges, recordChange, type SpaceChange } from "./space-changes.server";

/*
 * Reactions (SPEC §4): smile, heart, thumbsup and angry; each member toggles each
 * one on a message. Every toggle is logged with the message's reactions as they now
 * stand, so a client replaces its counts rather than adding to them.
 */

/*
 * A person toggles a reaction now and then; a script toggling in a loop would write a
 * change and a broadcast each time and push everyone else in the space past the replay
 * window into reloads. Counted in this process's memory, so a toggle costs no query:
 * with several instances a flood gets a few times these numbers, still far inside the
 * replay window, and the socket's own limits (app/realtime/limits.server.ts) come first.
 */
const REACTIONS_PER_MESSAGE = new TokenBuckets({ burst: 10, perSecond: 0.2 });
const REACTIONS_PER_USER = new TokenBuckets({ burst: 30, perSecond: 1 });
export const TOO_MANY_REACTIONS = "Too many reactions. Please wait a moment and try again.";

export type ReactionsChanged = { messageId: string; reactions: Reactions; seq: number; change: SpaceChange };

export async function toggleReaction(
  actor: Actor,
  messageId: string,
  reaction: ReactionType,
): Promise<ReactionsChanged> {
  if (!REACTION_TYPES.includes(reaction)) throw notFound("Reaction not found");
  if (!REACTIONS_PER_MESSAGE.take(`${actor.id}:${messageId}`) || !REACTIONS_PER_USER.take(actor.id)) {
    throw new Refusal(TOO_MANY_REACTIONS);
  }
  const { spaceId, reactions, change } = await db.transaction().execute(async (tx) => {
    const message = await findVisibleMessage(actor, messageId, tx);
    if (message.deleted_at) throw notFound(MESSAGE_NOT_FOUND);
    // Given first, taken back when it was there: a toggle sent while another of the same
    // reaction is in flight (a quick second click) waits on the first one's row and then takes
    // it back. Deleting first, it saw no row yet, and both toggles ended with the reaction given.
    const given = await tx
      .insertInto("message_reactions")
      .values({ message_id: message.id, user_id: actor.id, reaction_type: reaction })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (given.numInsertedOrUpdatedRows === 0n) {
      await tx
        .deleteFrom("message_reactions")
        .where("message_id", "=", message.id)
        .where("user_id", "=", actor.id)
        .where("reaction_type", "=", reaction)
        .execute();
    }
    const rows = await tx
      .selectFrom("message_reactions")
      .select(["user_id", "reaction_type"])
      .where("message_id", "=", message.id)
      .orderBy("created_at")
      .execute();
    const reactions = reactionsFrom(rows);
    const change = await recordChange(tx, {
      spaceId: message.space_id,
      kind: "reaction.changed",
      messageId: message.id,
      userId: actor.id,
      payload: { messageId: message.id, reactions },
    });
    return { spaceId: message.space_id, reactions, change };
  });
  publishChanges(spaceId, [change]);
  return { messageId, reactions, seq: change.seq, change };
}
