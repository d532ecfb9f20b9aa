import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { Refusal } from "~/models/errors.server";

/**
 * What a form gets back when it is not done: conform's result for `useForm` (with what
 * the user typed), which of the page's forms was posted, and the refusal's code for a
 * page that offers a way on (e.g. resending the verification mail).
 */
export type FormReply = { intent: string | null; result: SubmissionResult<string[]>; code: string | null };

type FormActionOptions<Schema extends z.ZodType, Answer, Refused> = {
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
  /** For a button with no field to show an error beside: how a refusal (or the failure) is told, e.g. as a toast. */
  refused?: (refusal: Refusal) => Promise<Refused>;
};

/**
 * Parse, run, answer: invalid input comes back with status 400, a model's refusal as
 * the error of its field (or of the form) with its status, and an unexpected failure
 * is logged and told in SPEC's words, so the page and what the user typed stay.
 * Thrown Responses (a 404 from `expectFound`, a guard's redirect) go on up.
 */
export async function formAction<Schema extends z.ZodType, Answer, Refused = never>(
  formData: FormData,
  { schema, run, failure, hideFields, refusal: early, refused }: FormActionOptions<Schema, Answer, Refused>,
) {
  const submission = parseWithZod(formData, { schema });
  const intent = formData.get("intent");
  const reply = (result: SubmissionResult<string[]>, status: number, code: string | null = null) =>
    data<FormReply>({ intent: typeof intent === "string" ? intent : null, result, code }, { status });
  const errorsOf = (refusal: Refusal) =>
    refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] };
  if (submission.status !== "success" || early) {
    const status = submission.status !== "success" ? 400 : early!.status;
    return reply(submission.reply({ ...(early && errorsOf(early)), hideFields }), status);
  }
  try {
    return await run(submission.value, submission);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = error instanceof Refusal ? error : unexpected(error, failure);
    if (refused) return refused(refusal);
    return reply(submission.reply({ ...errorsOf(refusal), hideFields }), refusal.status, refusal.code ?? null);
  }
}

/** An error no model meant: logged and told in SPEC's words, or thrown on where SPEC has none. */
function unexpected(error: unknown, failure: string | undefined): Refusal {
  if (!failure) throw error;
  console.error(`form action failed: ${failure}`, error);
  return new Refusal(failure, { status: 500 });
}
