import { clsx, useClock, useNow } from "~/components/ui";
import { dayKey, formatDay, isOverdue, SIGN_OFF_STATE_LABEL, type SignOffCard, type SignOffState } from "~/shared";

const STATE_CLASS: Record<SignOffState, string> = {
  waiting: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  changes_requested: "bg-rose-100 text-rose-900",
  withdrawn: "bg-slate-200 text-slate-700",
};

/** A sign-off's state as a pill ("Waiting", "Approved", …), and "Overdue" beside a waiting one past its due day. */
export function SignOffBadge({ card }: { card: Pick<SignOffCard, "state" | "dueOn"> }) {
  const clock = useClock();
  const now = useNow();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        data-sign-off-state={card.state}
        className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATE_CLASS[card.state])}
      >
        {SIGN_OFF_STATE_LABEL[card.state]}
      </span>
      {isOverdue(card, dayKey(now, clock)) ? (
        <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">Overdue</span>
      ) : null}
    </span>
  );
}

/** "Due Nov 30, 2026": a calendar day, shown as that day whatever the reader's zone. */
export function DueDate({ dueOn }: { dueOn: string }) {
  const clock = useClock();
  return <span>Due {formatDay(dueOn, clock.locale)}</span>;
}
