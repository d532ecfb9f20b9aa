import { spaceErrorMeta } from "~/components/spaces";

/** SPEC §8: a chat whose messages could not be loaded (the space itself may well exist). */
export const MESSAGES_LOAD_FAILED = "Could not load messages.";

/** The title of a chat page that failed: not found for a refusal, else the messages' load failure. */
export function chatErrorMeta(error: unknown) {
  return spaceErrorMeta(
    error,
    MESSAGES_LOAD_FAILED,
    "The messages of this space could not be loaded. Please try again.",
  );
}
