import type { SubmissionResult } from "@conform-to/react";

/**
 * What a form gets back when it is not done (app/web/form-action.server.ts): conform's
 * result for `useForm` (with what the user typed), which of the page's forms was posted,
 * and the refusal's code for a page that offers a way on (e.g. resending the
 * verification mail). The pages' components read it as their action's data.
 */
export type FormReply = { intent: string | null; result: SubmissionResult<string[]>; code: string | null };
