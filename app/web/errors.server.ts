import { isNotFound } from "~/models/errors.server";

/**
 * Awaits a model call in a loader or action; a 404 refusal becomes the 404 page, with
 * the model's wording (e.g. "Space not found").
 */
export async function expectFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) throw new Response(error.message, { status: 404, statusText: error.message });
    throw error;
  }
}
