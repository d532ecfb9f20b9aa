import { Card, TeamIcon } from "~/components/ui";

/** SPEC §9: three skeleton cards while the roster loads. */
export function RosterSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((index) => (
        <li key={index}>
          <Card className="animate-pulse p-5 motion-reduce:animate-none">
            <div className="flex items-center gap-4">
              <div className="size-12 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/2 rounded bg-slate-100" />
              </div>
            </div>
            <div className="mt-5 h-3 w-3/4 rounded bg-slate-100" />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** What a roster shows when nobody is on it. */
export function RosterEmpty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <TeamIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-3 max-w-sm text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
