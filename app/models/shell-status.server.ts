import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { UserType } from "#db/schema";
import { compiledQueryPer } from "~/services/compiled-queries.server";
import { db } from "~/services/db.server";
import { suppressionAddress, suppressionOf } from "~/services/mail.server";
import type { Actor } from "./actors.server";
import {
  spacesWithUnreadRows,
  toUnreadSpace,
  unreadReaderOf,
  type UnreadReader,
  type UnreadSpace,
} from "./unread.server";

/**
 * What every signed-in page's shell says beside who its user is: the bell's spaces with
 * unread messages (unread.server.ts) and whether mail to them bounces (a suppressed
 * address), asked in one statement, compiled once per type of user, as each page asks
 * both (issue 41).
 */
export async function loadShellStatus(actor: Actor): Promise<{ unreadSpaces: UnreadSpace[]; emailBouncing: boolean }> {
  const [row] = await shellStatus(actor.type, { ...unreadReaderOf(actor), email: suppressionAddress(actor.email) });
  return { unreadSpaces: row.unread.map(toUnreadSpace), emailBouncing: Boolean(row.bouncing) };
}

const shellStatus = compiledQueryPer((type: UserType, values: UnreadReader & { email: string }) =>
  db.selectNoFrom((eb) => [
    jsonArrayFrom(spacesWithUnreadRows(type, values)).as("unread"),
    eb.exists(suppressionOf(values.email)).as("bouncing"),
  ]),
);
