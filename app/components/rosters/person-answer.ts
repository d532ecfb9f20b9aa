import { type PersonActionAnswer } from "~/shared";

/** What a person's page shows of its action's answer: each of its forms reads only its own. */
export function readPersonAnswer(answer: PersonActionAnswer | undefined) {
  const reply = answer && "result" in answer ? answer : null;
  return {
    edit: reply?.intent === "update" ? reply.result : null,
    issued: answer && "temporaryPassword" in answer ? answer.temporaryPassword : null,
    passwordError: reply?.intent === "temporary-password" ? (reply.result.error?.[""]?.join(" ") ?? null) : null,
  };
}
