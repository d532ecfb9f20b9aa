import { data } from "@remix-run/node";
import type { z } from "zod";
import type { Actor } from "~/models/actors.server";
import { isNotFound } from "~/models/errors.server";
import { findVisibleChat } from "~/models/space-access.server";
import { isAgencyStaff } from "~/models/policy.server";
import { sessionHandle } from "~/models/sessions.server";
import { findSignOffCard } from "~/models/sign-off-cards.server";
import {
  addSignOffVersion,
  answerSignOff,
  askForSignOff,
  findAskableMessage,
  reopenSignOff,
  withdrawSignOff,
  type SignedFrom,
} from "~/models/sign-offs.server";
import { SIGN_OFF_INTENTS, SignOffFormSchema } from "~/shared/sign-off.schemas";
import { mayAnswer, SIGN_OFF_TEXT, type SignOffPanel } from "~/shared/sign-offs";
import { dayKey } from "~/shared/time-format";
import { getSessionId } from "./auth.server";
import { expectFound } from "./errors.server";
import { clockFor } from "./clock.server";
import { runForm } from "./form-action.server";
import { redirectWithToast } from "./toast.server";
import { describeDevice } from "./user-agent.server";

/*
 * The request side of sign-offs (issue 39) on the chat pages: which form the page shows
 * (?sign-off=<message> to ask, ?approve=, ?changes= and ?new-version=<sign-off>), and the
 * forms' posts, the same with JavaScript and without. The rules are the models'.
 */

type SignOffIntent = (typeof SIGN_OFF_INTENTS)[number];

/** The sign-off form the page's address asks for, when the reader may use it; null otherwise. */
export async function loadSignOffPanel(request: Request, actor: Actor, chatId: string): Promise<SignOffPanel | null> {
  const params = new URL(request.url).searchParams;
  const ask = params.get("sign-off");
  if (ask) {
    const found = await findAskableMessage(actor, chatId, ask);
    return found && { kind: "ask", ...found, today: dayKey(new Date(), clockFor(request, actor)) };
  }
  for (const [param, kind] of [
    ["approve", "approve"],
    ["changes", "changes"],
    ["new-version", "version"],
  ] as const) {
    const id = params.get(param);
    if (!id) continue;
    const card = await findSignOffCard(actor, chatId, id).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (!card) return null;
    const allowed = kind === "version" ? isAgencyStaff(actor) : mayAnswer(card, actor.id);
    return allowed ? { kind, card } : null;
  }
  return null;
}

export function isSignOffIntent(intent: FormDataEntryValue | null): intent is SignOffIntent {
  return SIGN_OFF_INTENTS.includes(intent as SignOffIntent);
}

const FAILED_TITLE: Record<SignOffIntent, string> = {
  "ask-sign-off": "Could not ask for sign-off.",
  approve: "Could not approve.",
  "request-changes": "Could not request changes.",
  "withdraw-sign-off": "Could not withdraw the sign-off.",
  "reopen-sign-off": "Could not re-open the sign-off.",
  "sign-off-version": "Could not upload the new version.",
};

/** Forms that keep what was typed when refused: they come back to the page with their errors. */
const FORMS_WITH_INPUT = new Set<SignOffIntent>(["ask-sign-off", "request-changes", "sign-off-version"]);

/**
 * A sign-off form posted to a chat page: done, back to the chat with a toast; refused,
 * a form with input comes back with its errors (the page still shows it, its address
 * naming it), a button goes back with a toast that says why.
 */
export async function answerSignOffForm(
  request: Request,
  formData: FormData,
  actor: Actor,
  { chatId, path, clientIp }: { chatId: string; path: string; clientIp: string },
) {
  const intent = formData.get("intent") as SignOffIntent;
  const file = formData.get("file");
  formData.delete("file");
  const outcome = await runForm(formData, {
    schema: SignOffFormSchema,
    failure: SIGN_OFF_TEXT.failed,
    run: async (input) => runSignOffCommand(request, actor, chatId, input, file, clientIp),
  });
  if (outcome.done) return redirectWithToast(path, outcome.answer);
  if (FORMS_WITH_INPUT.has(intent)) {
    return data({ signOffReply: outcome.result }, { status: outcome.status });
  }
  const message =
    outcome.refusal?.message ?? Object.values(outcome.result.error ?? {}).flat()[0] ?? SIGN_OFF_TEXT.failed;
  return redirectWithToast(path, { type: "error", title: FAILED_TITLE[intent], description: message });
}

/**
 * Runs one sign-off form for the actor on this chat's page. A chat, message or sign-off
 * the actor may not see, or of another chat, is the 404 page, as for the chat's own forms.
 */
async function runSignOffCommand(
  request: Request,
  actor: Actor,
  chatId: string,
  input: z.output<typeof SignOffFormSchema>,
  file: FormDataEntryValue | null,
  clientIp: string,
) {
  await expectFound(findVisibleChat(actor, chatId));
  if (input.intent === "ask-sign-off") {
    await expectFound(
      askForSignOff(actor, input.messageId, {
        askedIds: input.askedIds,
        dueOn: input.dueOn ?? null,
        note: input.note,
        today: dayKey(new Date(), clockFor(request, actor)),
        chatId,
      }),
    );
    return SIGN_OFF_TEXT.asked;
  }
  await expectFound(findSignOffCard(actor, chatId, input.signOffId));
  return expectFound(changeSignOff(request, actor, input, file, clientIp));
}

async function changeSignOff(
  request: Request,
  actor: Actor,
  input: Exclude<z.output<typeof SignOffFormSchema>, { intent: "ask-sign-off" }>,
  file: FormDataEntryValue | null,
  clientIp: string,
) {
  switch (input.intent) {
    case "approve":
      await answerSignOff(
        actor,
        input.signOffId,
        { answer: "approved", comment: "" },
        await signedFrom(request, clientIp),
      );
      return SIGN_OFF_TEXT.approved;
    case "request-changes":
      await answerSignOff(
        actor,
        input.signOffId,
        { answer: "changes_requested", comment: input.comment },
        await signedFrom(request, clientIp),
      );
      return SIGN_OFF_TEXT.changesRequested;
    case "withdraw-sign-off":
      await withdrawSignOff(actor, input.signOffId);
      return SIGN_OFF_TEXT.withdrawn;
    case "reopen-sign-off":
      await reopenSignOff(actor, input.signOffId);
      return SIGN_OFF_TEXT.reopened;
    case "sign-off-version":
      await addSignOffVersion(actor, input.signOffId, file);
      return SIGN_OFF_TEXT.newVersion;
  }
}

/** The session an answer is given from, as the sessions list names it: its handle, device and address. */
async function signedFrom(request: Request, clientIp: string): Promise<SignedFrom> {
  const sessionId = await getSessionId(request);
  return {
    sessionHandle: sessionId ? sessionHandle(sessionId) : "",
    device: describeDevice(request.headers.get("User-Agent")),
    address: clientIp,
  };
}
