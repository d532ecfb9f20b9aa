/*
 * The one way a model refuses, whichever adapter (a route or a socket handler) asked.
 * Each adapter turns it into its own answer: a route with `expectFound` (the 404 page)
 * or the form pipeline (a field or form error with the refusal's status), a socket
 * handler with an error acknowledgement.
 */

export type RefusalOptions = {
  /** The HTTP status an adapter answers with: 400 unless the refusal says otherwise. */
  status?: number;
  /** The form field the refusal is about, so the form shows it beside that field. */
  field?: string;
  /** Tells apart refusals a page answers differently (e.g. "email-unverified" offers to resend the mail). */
  code?: string;
  /** SPEC §8's title for a refusal shown as a toast (e.g. "Invalid file type"). */
  title?: string;
};

/** A refusal the user should read, in SPEC.md §8's words ("Make sure you're the sender of this message."). */
export class Refusal extends Error {
  name = "Refusal";
  readonly status: number;
  readonly field?: string;
  readonly code?: string;
  readonly title?: string;

  constructor(message: string, { status = 400, field, code, title }: RefusalOptions = {}) {
    super(message);
    this.status = status;
    this.field = field;
    this.code = code;
    this.title = title;
  }
}

/**
 * What does not exist, or what the actor may not see: the two look the same from
 * outside, so a foreign id tells nothing about another agency.
 */
export const notFound = (message = "Not found") => new Refusal(message, { status: 404 });

/** What the actor may see but not do. */
export const forbidden = (message: string) => new Refusal(message, { status: 403 });

export const isNotFound = (error: unknown): error is Refusal => error instanceof Refusal && error.status === 404;
