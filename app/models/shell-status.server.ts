import { jsonArrayFrom } from "kysely/helpers/postgres";
import { db } from "~/services/db.server";
import type { Actor } from "./actors.server";
import { emailBouncingRow } from "./mail-events.server";
import { spacesWithUnreadRows, toUnreadSpace, type UnreadSpace } from "./unread.server";

/**
 * What every signed-in page's shell says beside who its user is: the bell's spaces with
 * unread messages (unread.server.ts) and whether mail to them bounces (mail-events.server.ts),
 * asked in one statement, as each page asks both (issue 41).
 */
export async function loadShellStatus(actor: Actor): Promise<{ unreadSpaces: UnreadSpace[]; emailBouncing: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(spacesWithUnreadRows(actor)).as("unread"),
      eb.exists(emailBouncingRow(actor.email)).as("bouncing"),
    ])
    .executeTakeFirstOrThrow();
  return { unreadSpaces: row.unread.map(toUnreadSpace), emailBouncing: Boolean(row.bouncing) };
}
