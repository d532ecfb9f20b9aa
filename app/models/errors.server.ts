/*
 * The two ways a model refuses, whichever adapter (a route or a socket handler) asked.
 * Each adapter turns them into its own answer: a route with `expectFound` (404) or a
 * form error, a socket handler with an error acknowledgement.
 */

/**
 * What does not exist, or what the actor may not see: the two look the same from
 * outside, so a foreign id tells nothing about another agency.
 */
export class NotFoundError extends Error {
  name = "NotFoundError";
  constructor(message = "Not found") {
    super(message);
  }
}

/** A refusal the user should read, in SPEC.md §8's words ("You can only edit your own messages."). */
export class ForbiddenError extends Error {
  name = "ForbiddenError";
}
