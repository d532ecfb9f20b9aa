import type { Submission, SubmissionResult } from "@conform-to/react";
import type { FormReply } from "~/shared/form-reply";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { Refusal } from "~/models/errors.server";

/**
 * The schema of a form that is only its button (Delete Space, Start set-up, an image's
 * upload, whose file its run reads): nothing to parse, so the pipeline only sorts out
 * what became of the run.
 */
export const ButtonOnlySchema = z.object({});

type FormRun<Schema extends z.ZodType, Answer> = {
  schema: Schema;
  /** The model call with the parsed value, and the answer once it is done (usually a redirect with a toast). */
  run: (
    value: z.output<Schema>,
    submission: Submission<z.input<Schema>, string[], z.output<Schema>>,
  ) => Promise<Answer>;
  /** SPEC §8's words for a failure that is not a refusal, answered with status 500; without them it is thrown. */
  failure?: string;
  /** Fields whose value must not come back to the page (passwords, codes). */
  hideFields?: string[];
  /** A refusal met before parsing (a file of the same post refused): told with the schema's errors; nothing runs. */
  refusal?: Refusal | null;
};

/**
 * What became of a posted form: the run's answer, or why there is none (`refusal` is
 * null for invalid input), with conform's result (the user's input and the errors).
 */
export type FormOutcome<Answer> =
  | { done: true; answer: Answer }
  | { done: false; refusal: Refusal | null; result: SubmissionResult<string[]>; status: number };

/**
 * Parse, run, and sort out what happened: invalid input (400), a model's refusal as the
 * error of its field (or of the form) with its status, and an unexpected failure logged
 * and told in SPEC's words (500), so the page and what the user typed can stay. Thrown
 * Responses (a 404 from `expectFound`, a guard's redirect) go on up. `formAction` answers
 * a page with it; the chat's forms, read by a page and by the browser's scripts, answer
 * with their own result (app/web/chat.server.ts).
 */
export async function runForm<Schema extends z.ZodType, Answer>(
  formData: FormData,
  { schema, run, failure, hideFields, refusal: early }: FormRun<Schema, Answer>,
): Promise<FormOutcome<Answer>> {
  const submission = parseWithZod(formData, { schema });
  const errorsOf = (refusal: Refusal) =>
    refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] };
  if (submission.status !== "success") {
    const result = submission.reply({ ...(early && errorsOf(early)), hideFields });
    return { done: false, refusal: null, result, status: 400 };
  }
  if (early) {
    return {
      done: false,
      refusal: early,
      result: submission.reply({ ...errorsOf(early), hideFields }),
      status: early.status,
    };
  }
  try {
    return { done: true, answer: await run(submission.value, submission) };
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = refusalOf(error, failure);
    return {
      done: false,
      refusal,
      result: submission.reply({ ...errorsOf(refusal), hideFields }),
      status: refusal.status,
    };
  }
}

/**
 * The pipeline of every page's form: `runForm`, then the run's answer, or the form's
 * reply (FormReply) with its status, or, for a button with no field to show an error
 * beside, `refused`'s answer (e.g. a toast).
 */
export async function formAction<Schema extends z.ZodType, Answer, Refused = never>(
  formData: FormData,
  { refused, ...form }: FormRun<Schema, Answer> & { refused?: (refusal: Refusal) => Promise<Refused> },
) {
  const outcome = await runForm(formData, form);
  if (outcome.done) return outcome.answer;
  if (refused && outcome.refusal) return refused(outcome.refusal);
  return formReply(formData, outcome);
}

/** The form's reply to a run that is not done: what was typed, the errors, and the status. */
export function formReply(formData: FormData, outcome: Extract<FormOutcome<unknown>, { done: false }>) {
  const intent = formData.get("intent");
  return data<FormReply>(
    { intent: typeof intent === "string" ? intent : null, result: outcome.result, code: outcome.refusal?.code ?? null },
    { status: outcome.status },
  );
}

/**
 * What the user is told of an error: a model's refusal as it is; an error no model meant
 * logged and told in SPEC's words (500), or thrown on where SPEC has none. For a step
 * before the run (a file of the same post, app/web/space-forms.server.ts) too.
 */
export function refusalOf(error: unknown, failure: string | undefined): Refusal {
  if (error instanceof Refusal) return error;
  if (!failure) throw error;
  console.error(`form action failed: ${failure}`, error);
  return new Refusal(failure, { status: 500 });
}
