import { buffer } from "node:stream/consumers";
import { unzipSync } from "fflate";
import { expect } from "vitest";
import { requestSpaceExport, sendSpaceExport, takeSpaceExport } from "~/models/space-exports.server";
import { db } from "~/services/db.server";
import { readOutbox } from "~/services/outbox.server";
import { actorOf } from "./factories";

/* A space's export as its user gets it: asked for, made by its job now, mailed, downloaded. */

const ORIGIN = "http://localhost:3000";

/** The export requests of a space, oldest first. */
export const exportsOf = (spaceId: string) =>
  db.selectFrom("space_exports").selectAll().where("space_id", "=", spaceId).orderBy("created_at").execute();

/** The token of the newest export mail to `email`. */
export async function mailedToken(email: string) {
  const mail = (await readOutbox()).filter((sent) => sent.to === email).at(-1);
  if (!mail) throw new Error(`no export mail to ${email}`);
  const link = mail.text.match(/https?:\/\/\S+\/space-export\?token=[\w-]+/)![0];
  return { mail, token: new URL(link).searchParams.get("token")! };
}

/** Asks for an export as `user`, runs its job at once, and returns the link's token from the mail. */
export async function exportNow(user: { id: string; email: string }, spaceId: string) {
  await requestSpaceExport(await actorOf(user), spaceId);
  const [request] = (await exportsOf(spaceId)).filter((row) => row.requested_by === user.id && !row.token_hash);
  expect(await sendSpaceExport(request.id, ORIGIN)).toBe(true);
  return (await mailedToken(user.email)).token;
}

/** Uses the link up as `user`: the archive's file name and its entries. */
export async function download(user: { id: string }, token: string) {
  const { archive, fileName } = await takeSpaceExport(await actorOf(user), token);
  return { fileName, entries: unzipSync(new Uint8Array(await buffer(archive.stream))) };
}
