import { Link } from "@remix-run/react";
import { Avatar } from "~/components/ui/avatar";
import { Card } from "~/components/ui/card";
import type { SearchEntry } from "./search-entries";
import { imageUrl } from "~/shared/image-urls";

/** The results page's sections (Spaces, People, Messages), each entry a link to where it opens. */
export function SearchResults({ entries }: { entries: SearchEntry[] }) {
  const sections = (["Spaces", "People", "Messages"] as const)
    .map((section) => ({ section, entries: entries.filter((entry) => entry.section === section) }))
    .filter((group) => group.entries.length);
  return (
    <div className="space-y-6">
      {sections.map((group) => (
        <section key={group.section} aria-labelledby={`results-${group.section}`}>
          <h2 id={`results-${group.section}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {group.section}
          </h2>
          <Card className="mt-2">
            <ul className="divide-y divide-slate-100">
              {group.entries.map((entry) => (
                <li key={entry.key}>
                  <Link
                    to={entry.href}
                    className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:px-5"
                  >
                    <Avatar name={entry.title} src={imageUrl(entry.imageKey)} shape={entry.shape} alt="" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{entry.title}</span>
                      <span className="block truncate text-sm text-slate-600">{entry.detail}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}
