import { isRouteErrorResponse } from "@remix-run/react";
import { pageMeta } from "~/web/meta";

/** SPEC §8: a chat whose messages could not be loaded (the space itself may well exist). */
export const MESSAGES_LOAD_FAILED = "Could not load messages.";

/** The title of a chat page that failed: not found for a refusal, else the messages' load failure. */
export function chatErrorMeta(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 404
    ? pageMeta("Space not found", "This space does not exist, or you do not take part in it.")
    : pageMeta(MESSAGES_LOAD_FAILED, "The messages of this space could not be loaded. Please try again.");
}
