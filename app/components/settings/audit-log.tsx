import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Avatar,
  buttonClassName,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  SelectField,
  Pager,
  useClock,
} from "~/components/ui";
import { AUDIT_KINDS, type AuditEntry, type AuditLog, spacePath, formatDateTime } from "~/shared";

const KIND_OPTIONS = Object.entries(AUDIT_KINDS).map(([value, { label }]) => ({ value, label }));

/**
 * Settings › Audit log, for the agency owner: the agency's activity, newest first, with
 * filters by person, space and kind in a GET form (so they work without JavaScript and
 * the address can be shared), and pages of 50.
 */
export function AuditLogPage() {
  const { entries, filters, people, spaces } = useLoaderData<AuditLog>();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname.endsWith("/audit");
  const filtered = Boolean(filters.person || filters.space || filters.kind);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
        <CardDescription>
          Who invited, joined, was removed, changed a space or its members, signed in from a new device, changed
          two-factor sign-in or exported a space.
        </CardDescription>
      </CardHeader>
      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-3 border-y border-slate-200 bg-slate-50 px-6 py-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        <SelectField
          labelProps={{ children: "Person" }}
          selectProps={{ name: "person", defaultValue: filters.person ?? "", key: `person-${filters.person}` }}
          placeholder="Everyone"
          options={people.map((person) => ({ value: person.id, label: person.name }))}
        />
        <SelectField
          labelProps={{ children: "Space" }}
          selectProps={{ name: "space", defaultValue: filters.space ?? "", key: `space-${filters.space}` }}
          placeholder="All spaces"
          options={spaces.map((space) => ({ value: space.id, label: space.name }))}
        />
        <SelectField
          labelProps={{ children: "Kind" }}
          selectProps={{ name: "kind", defaultValue: filters.kind ?? "", key: `kind-${filters.kind}` }}
          placeholder="Everything"
          options={KIND_OPTIONS}
        />
        <button type="submit" className={buttonClassName({ variant: "outline" })} aria-disabled={filtering}>
          {filtering ? "Filtering..." : "Filter"}
        </button>
      </Form>
      {entries.total ? (
        <>
          <ol aria-label="Audit log entries" className="divide-y divide-slate-100" aria-busy={filtering}>
            {entries.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <Pager list={entries} label="Pages of the audit log" className="border-t border-slate-100 px-6 py-4" />
        </>
      ) : (
        <div className="px-6 py-12 text-center">
          <p className="text-sm font-medium text-slate-900">
            {filtered ? "Nothing matches these filters" : "Nothing yet"}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? (
              <Link to="." className="font-medium text-indigo-700 hover:underline">
                Show everything
              </Link>
            ) : (
              "What your agency's people do shows up here."
            )}
          </p>
        </div>
      )}
    </Card>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const clock = useClock();
  return (
    <li className="flex gap-3 px-6 py-3">
      <Avatar name={entry.actor?.name ?? "?"} src={entry.actor?.avatar ?? null} size="sm" alt="" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-slate-900">{entry.summary}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-slate-600">
          <time dateTime={entry.at}>{formatDateTime(entry.at, clock)}</time>
          {entry.kind ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {entry.kind}
            </span>
          ) : null}
          {entry.space ? (
            <Link to={spacePath("AGENCY", entry.space.id)} className="text-indigo-700 hover:underline">
              {entry.space.name}
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}
