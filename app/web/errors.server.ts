import { Refusal } from "~/models/errors.server";

/** Awaits a model call; a refusal with one of these statuses becomes that page, with the model's wording. */
async function pageOfRefusal<T>(promise: Promise<T>, statuses: number[]): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Refusal && statuses.includes(error.status)) {
      throw new Response(error.message, { status: error.status, statusText: error.message });
    }
    throw error;
  }
}

/**
 * Awaits a model call in a loader or action; a 404 refusal becomes the 404 page, with
 * the model's wording (e.g. "Space not found"). Any other refusal goes on to the caller
 * (a form's pipeline tells it beside the form or as a toast).
 */
export const expectFound = <T>(promise: Promise<T>) => pageOfRefusal(promise, [404]);

/**
 * For a page that is nothing but what it was refused: a 403 refusal (what the actor may
 * see but not do) becomes the 403 page with the model's words (SPEC §8's "You don't have
 * permission to invite a Client"), and a 404 the 404 page.
 */
export const expectPermitted = <T>(promise: Promise<T>) => pageOfRefusal(promise, [404, 403]);
