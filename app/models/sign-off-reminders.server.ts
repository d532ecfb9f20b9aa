import { db } from "~/services/db.server";
import { addDays, dayKey, DEFAULT_TIME_ZONE } from "~/shared/time-format";
import { usersWhoWant } from "./notification-preferences.server";
import { askedAndWaiting, mailSignOff, type AskedPerson } from "./sign-off-notices.server";

/*
 * Reminders of a sign-off (issue 39): the person asked is mailed the day before its due
 * date and on it, by their own calendar (their Time zone setting, UTC without one), while
 * it waits for an answer, they take part in its space and they want sign-off mails
 * (sign-off-notices.server.ts decides who and writes the mail). An hourly sweep
 * (app/process/jobs.server.ts) sends what is due. Each reminder goes once per sign-off,
 * person, due date and kind: an insert into sign_off_reminders claims it, so of two
 * sweeps (or instances) one sends it; a due date moved later has reminders of its own.
 */

type ReminderKind = "day-before" | "due-day";
type DuePerson = AskedPerson & { due_on: string };

/** Sends the reminders due at `now`; returns how many went out. One whose mail fails is given back to the next sweep. */
export async function sendSignOffReminders(now: Date, origin: string): Promise<number> {
  // Every calendar's today is within a day of UTC's: the due dates of any person's today and tomorrow.
  const today = dayKey(now, { timeZone: DEFAULT_TIME_ZONE });
  const people = await askedAndWaiting()
    .where("sign_offs.due_on", ">=", addDays(today, -1))
    .where("sign_offs.due_on", "<=", addDays(today, 2))
    .$narrowType<{ due_on: string }>()
    .execute();
  const wanting = new Set(await usersWhoWant([...new Set(people.map((person) => person.user_id))], "sign_offs"));
  let sent = 0;
  for (const person of people) {
    const kind = reminderDue(person, now);
    if (!kind || !wanting.has(person.user_id) || !(await claim(person, kind))) continue;
    try {
      await mailSignOff(person, kind, origin);
      sent += 1;
    } catch (error) {
      await release(person, kind);
      console.error(`sign-off reminders: could not mail ${person.email}`, error);
    }
  }
  return sent;
}

/**
 * The reminder due to the person on their today, if any. None on the day they were asked:
 * the request's own mail, just sent, says when it is due.
 */
function reminderDue(person: DuePerson, now: Date): ReminderKind | null {
  const zone = { timeZone: person.time_zone ?? DEFAULT_TIME_ZONE };
  const today = dayKey(now, zone);
  if (dayKey(person.created_at, zone) >= today) return null;
  if (person.due_on === today) return "due-day";
  if (person.due_on === addDays(today, 1)) return "day-before";
  return null;
}

/** Takes the reminder for sending, unless it was taken before; one statement, so one sweep wins. */
async function claim(person: DuePerson, kind: ReminderKind): Promise<boolean> {
  const claimed = await db
    .insertInto("sign_off_reminders")
    .values({ sign_off_id: person.sign_off_id, user_id: person.user_id, due_on: person.due_on, kind })
    .onConflict((oc) => oc.columns(["sign_off_id", "user_id", "due_on", "kind"]).doNothing())
    .returning("sign_off_id")
    .executeTakeFirst();
  return claimed !== undefined;
}

async function release(person: DuePerson, kind: ReminderKind) {
  await db
    .deleteFrom("sign_off_reminders")
    .where("sign_off_id", "=", person.sign_off_id)
    .where("user_id", "=", person.user_id)
    .where("due_on", "=", person.due_on)
    .where("kind", "=", kind)
    .execute();
}
