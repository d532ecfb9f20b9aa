import { Resend } from "resend";
import { env } from "./env.server";
import { db } from "./db.server";
import { createOutbox } from "./outbox.server";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (a person's reply address for a space, issue 37). */
  replyTo?: string;
  /** Threading headers (Message-ID, In-Reply-To, References), so a mail app groups a space's notices. */
  headers?: Record<string, string>;
};

export type Mailer = { send(mail: Mail): Promise<{ id: string }> };

export type MailerOptions =
  | { driver: "resend"; apiKey: string; from: string; baseUrl?: string }
  | { driver: "outbox"; dataDir: string; from: string };

export function createMailer(options: MailerOptions): Mailer {
  if (options.driver === "outbox") return createOutbox(options);

  const resend = new Resend(options.apiKey, { baseUrl: options.baseUrl });
  return {
    async send(mail) {
      // The client never throws: it answers { data, error }, and an unchecked error would lose the mail silently.
      const { data, error } = await resend.emails.send({ from: options.from, ...mail });
      if (error)
        throw new Error(`Resend did not send "${mail.subject}" to ${mail.to}: ${error.message} (${error.name})`);
      return { id: data.id };
    },
  };
}

let mailer: Mailer | undefined;

/**
 * Sends a mail through Resend when RESEND_API_KEY is set, otherwise into the local
 * outbox; not to an address that bounced for good or complained (Resend's webhook,
 * app/models/mail-events.server.ts): mailing it again harms the sender's reputation and
 * reaches nobody. Such a mail is dropped with a log line, and the id is null.
 */
export async function sendMail(mail: Mail): Promise<{ id: string | null }> {
  if (await isSuppressed(mail.to)) {
    console.info(`[mail] not sent to ${mail.to}: the address bounced or complained`);
    return { id: null };
  }
  mailer ??= fromEnv();
  return mailer.send(mail);
}

/** Whether mail to this address is suppressed. */
export async function isSuppressed(address: string): Promise<boolean> {
  return (await suppressedAmong([address])).size > 0;
}

/** Those of the addresses (lower-cased) that bounced for good or complained. */
export async function suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
  if (!addresses.length) return new Set();
  const rows = await suppressions().where("address", "in", addresses.map(suppressionAddress)).execute();
  return new Set(rows.map((row) => row.address));
}

/**
 * One address's suppression as a query, the address as `suppressionAddress` writes it: its
 * text does not depend on the address, so a compiled query takes it as a placeholder.
 */
export function suppressionOf(address: string) {
  return suppressions().where("address", "=", address);
}

/** An address as the suppression list keeps it. */
export function suppressionAddress(address: string) {
  return address.trim().toLowerCase();
}

function suppressions() {
  return db.selectFrom("email_suppressions").select("address");
}

function fromEnv(): Mailer {
  const { RESEND_API_KEY, MAIL_FROM, dataDir } = env();
  return RESEND_API_KEY
    ? createMailer({ driver: "resend", apiKey: RESEND_API_KEY, from: MAIL_FROM })
    : createMailer({ driver: "outbox", dataDir, from: MAIL_FROM });
}

const inFlight = new Set<Promise<void>>();

/**
 * Lets a mail go without waiting for it: the answer to "send me a link" must take as
 * long whether or not the account exists, and a mail that fails is logged, not lost
 * silently (the person can ask again). The mail is kept track of until it is sent, so
 * that a shutdown lets it finish rather than dropping it.
 */
export function sendInBackground(sending: Promise<unknown>, to: string) {
  const tracked: Promise<void> = sending.then(
    () => undefined,
    (error) => console.error(`Could not send a mail to ${to}`, error),
  );
  inFlight.add(tracked);
  void tracked.finally(() => inFlight.delete(tracked));
}

/** Resolves once every mail sent in the background so far has been sent or has failed. */
export async function backgroundMailSettled() {
  await Promise.all(inFlight);
}
