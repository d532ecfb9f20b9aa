import { clsx } from "~/components/ui";
import type { SearchEntry } from "./search-entries";

/** A space or a person found, beside their picture: the name, and a line saying who or what it is, each on one line. */
export function EntryText({ entry, compact = false }: { entry: SearchEntry; compact?: boolean }) {
  return (
    <span className="min-w-0">
      <span className="block truncate text-sm font-medium text-slate-900">{entry.title}</span>
      <span className={clsx("block truncate text-slate-600", compact ? "text-xs" : "text-sm")}>{entry.detail}</span>
    </span>
  );
}
