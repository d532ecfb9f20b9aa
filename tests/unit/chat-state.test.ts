import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { applyChange, chatReducer, initChatState, type ChatState } from "~/components/chat/chat-state";
import { emptyReactions, type ChatMessage, type SpaceChange } from "~/shared/chat-message";
import type { SignOffCard } from "~/shared/sign-offs";
import { chatMessage } from "#tests/support/chat-messages";

/* The chat's reducer: every source of changes (answers, live events, replays) may overlap. */

const message = (id: string, overrides: Partial<ChatMessage> = {}) =>
  chatMessage(id, { createdAt: `2026-01-01T10:0${id}:00.000Z`, ...overrides });

function change(seq: number, kind: SpaceChange["kind"], payload: object, messageId: string | null = null): SpaceChange {
  return { seq, kind, messageId, userId: null, payload: payload as Record<string, unknown>, createdAt: "" };
}

const signOff: SignOffCard = {
  id: "s",
  spaceId: "space",
  messageId: "1",
  state: "waiting",
  askedBy: "Ada Owner",
  note: "",
  dueOn: null,
  asked: [{ id: "client", name: "Olivia Chen" }],
  versions: [],
  withdrawn: null,
  createdAt: "2026-01-01T10:00:00.000Z",
};

const start = (): ChatState => initChatState({ messages: [message("1")], hasOlder: false, lastSeq: 1 });

describe("applying the space's changes", () => {
  test("a new message is appended once, however often it arrives, and the log position follows without gaps", () => {
    const created = change(2, "message.created", message("2"), "2");
    let state = applyChange(start(), created);
    state = applyChange(state, created);
    expect(state.messages.map((m) => m.id)).toEqual(["1", "2"]);
    expect(state.lastSeq).toBe(2);
    // A change from further ahead is shown, but the position waits for the missing one.
    state = applyChange(state, change(4, "message.created", message("4"), "4"));
    expect(state.lastSeq).toBe(2);
    expect(state.messages.map((m) => m.id)).toEqual(["1", "2", "4"]);
  });

  test("an older change never overwrites a newer one", () => {
    let state = applyChange(start(), change(2, "message.edited", message("1", { content: "Newer" }), "1"));
    state = applyChange(state, change(1, "message.created", message("1", { content: "Older" }), "1"));
    expect(state.messages[0].content).toBe("Newer");
  });

  test("a sent message replaces its pending entry; a delete removes the message", () => {
    let state = chatReducer(start(), {
      type: "pending",
      message: { clientId: "client-2", content: "Hi", fileName: null, status: "sending", progress: null, error: null },
    });
    expect(state.pending).toHaveLength(1);
    state = applyChange(state, change(2, "message.created", message("2"), "2"));
    expect(state.pending).toEqual([]);
    state = applyChange(state, change(3, "message.deleted", { id: "2" }, "2"));
    expect(state.messages.map((m) => m.id)).toEqual(["1"]);
  });

  test("an upload's last progress, told after its message arrived live, brings back no pending bubble", () => {
    const uploading = {
      clientId: "client-2",
      content: "",
      fileName: "logo.png",
      status: "sending" as const,
      error: null,
    };
    let state = chatReducer(start(), { type: "pending", message: { ...uploading, progress: 0.5 } });
    state = applyChange(state, change(2, "message.created", message("2"), "2"));
    state = chatReducer(state, { type: "pending", message: { ...uploading, progress: 1 } });
    expect(state.pending).toEqual([]);
    expect(state.messages.map((m) => m.id)).toEqual(["1", "2"]);
  });

  test("a sign-off's card changes on its message, and an older card never overwrites a newer one", () => {
    const card = (state: "waiting" | "approved") => ({ ...signOff, state });
    let state = applyChange(start(), change(2, "message.created", message("2"), "2"));
    const version2 = { number: 2, messageId: "2", file: null, createdAt: "", answer: null };
    state = applyChange(
      state,
      change(4, "sign-off.changed", { signOff: { ...card("approved"), versions: [version2] } }, "1"),
    );
    state = applyChange(state, change(3, "sign-off.changed", { signOff: card("waiting") }, "1"));
    expect(state.messages[0].signOff?.state).toBe("approved");
    // The new version's message is in the card now: no one is offered to ask about its file.
    expect(state.messages.map((m) => [m.signOff?.id ?? null, m.signOffCardMessageId])).toEqual([
      ["s", "1"],
      [null, "1"],
    ]);
  });

  test("a preview comes as the message's card and goes when removed, whatever the order it arrives in", () => {
    const card = { url: "https://example.com", title: "Example", description: null, siteName: null, image: null };
    let state = applyChange(start(), change(2, "message.preview", { linkPreview: card }, "1"));
    expect(state.messages[0]).toMatchObject({ content: "Message 1", linkPreview: card });
    state = applyChange(state, change(3, "message.preview", { linkPreview: null }, "1"));
    state = applyChange(state, change(2, "message.preview", { linkPreview: card }, "1"));
    expect(state.messages[0].linkPreview).toBeNull();
  });

  test("a refused send stays, marked failed with the reason", () => {
    let state = chatReducer(start(), {
      type: "pending",
      message: { clientId: "c", content: "Hi", fileName: null, status: "sending", progress: null, error: null },
    });
    state = chatReducer(state, { type: "failed", clientId: "c", error: "Message cannot be empty." });
    expect(state.pending).toEqual([expect.objectContaining({ status: "failed", error: "Message cannot be empty." })]);
  });

  test("reads add the reader to every message up to their watermark, but never to their own", () => {
    let state = applyChange(start(), change(2, "message.created", message("2", { senderId: "client" }), "2"));
    state = applyChange(
      state,
      change(3, "read.advanced", {
        userId: "client",
        lastReadAt: "2026-01-01T10:05:00.000Z",
        user: { name: "Cleo Client", avatar: null },
      }),
    );
    expect(state.messages.map((m) => m.readers.map((reader) => reader.id))).toEqual([["client"], []]);
  });

  test("reactions are replaced by the counts the change carries", () => {
    const reactions = { ...emptyReactions(), heart: ["client", "agency"] };
    const state = applyChange(start(), change(2, "reaction.changed", { messageId: "1", reactions }, "1"));
    expect(state.messages[0].reactions.heart).toEqual(["client", "agency"]);
  });

  test("older pages go above, without duplicates", () => {
    const state = chatReducer(start(), { type: "older", messages: [message("0"), message("1")], hasOlder: false });
    expect(state.messages.map((m) => m.id)).toEqual(["0", "1"]);
  });
});

describe("replays that overlap live events (property)", () => {
  // Live events and a replay after a reconnect deliver some changes twice, in any later place.
  const operations = fc.array(fc.record({ kind: fc.constantFrom("create", "edit", "delete"), target: fc.nat(4) }), {
    maxLength: 25,
  });

  function changesFor(ops: Array<{ kind: string; target: number }>): SpaceChange[] {
    const created: string[] = [];
    return ops.map((op, index) => {
      const seq = index + 2;
      const existing = created.length ? created[op.target % created.length] : null;
      if (op.kind === "create" || !existing) {
        const id = String(seq);
        created.push(id);
        return change(seq, "message.created", message(id, { createdAt: new Date(seq * 60_000).toISOString() }), id);
      }
      if (op.kind === "edit") {
        const edited = message(existing, {
          content: `Edited at ${seq}`,
          createdAt: new Date(Number(existing) * 60_000).toISOString(),
        });
        return change(seq, "message.edited", edited, existing);
      }
      return change(seq, "message.deleted", { id: existing }, existing);
    });
  }

  test("delivering any change again, later, leaves the chat as delivering each once", () => {
    fc.assert(
      fc.property(operations, fc.array(fc.nat(), { maxLength: 25 }), (ops, repeats) => {
        const changes = changesFor(ops);
        const once = changes.reduce(applyChange, start());
        const delivered = changes.flatMap((next, index) => [
          next,
          ...repeats.filter((_, r) => r % (index + 1) === 0).map((pick) => changes[pick % (index + 1)]),
        ]);
        expect(delivered.reduce(applyChange, start())).toEqual(once);
      }),
    );
  });
});
