import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { Button, buttonClassName } from "~/components/ui/button";
import { SearchIcon } from "~/components/ui/icons";
import { inputClassName } from "~/components/ui/field";
import { useClock } from "~/components/use-clock";
import { listUsers } from "~/models/admin.server";
import { formatDate } from "~/models/time-format";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Users | Admin", "Every account of the workspace, with its type, agency and status.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "admin");
  const params = new URL(request.url).searchParams;
  return listUsers(actor, { query: params.get("q") ?? "", page: Number(params.get("page") ?? 1) });
}

const TYPE_LABELS = { AGENCY: "Agency", TEAM_MEMBER: "Team member", CLIENT: "Client", ADMIN: "Admin" } as const;

export default function AdminUsers() {
  const { users, query, page, pageCount, total, perPage } = useLoaderData<typeof loader>();
  const searching = useNavigation().state === "loading";
  const clock = useClock();
  const pageHref = (to: number) => `?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(to) })}`;
  const first = (page - 1) * perPage + 1;
  return (
    <>
      <AdminHeading title="Users" description="Every account on this instance, newest first." />
      <Form method="get" role="search" className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="admin-user-search" className="sr-only">
          Search users by email or agency
        </label>
        <input
          id="admin-user-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder="Search by email or agency"
          className={`${inputClassName} h-10`}
        />
        <Button type="submit" variant="outline" aria-busy={searching || undefined}>
          <SearchIcon />
          {searching ? "Searching..." : "Search"}
        </Button>
      </Form>
      {users.length ? (
        <>
          <AdminTable
            label="Users"
            columns={["Email", "Type", "Agency", "Verified", "Created"]}
            rows={users.map((user) => [
              user.email,
              TYPE_LABELS[user.userType],
              user.agencyName ?? "—",
              user.verified ? "Yes" : "No",
              formatDate(user.createdAt, clock),
            ])}
          />
          <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-slate-600">
              Showing {first}–{first + users.length - 1} of {total}
            </p>
            <div className="flex gap-2">
              {page > 1 ? (
                <Link to={pageHref(page - 1)} className={buttonClassName({ variant: "outline", size: "sm" })}>
                  Previous
                </Link>
              ) : null}
              {page < pageCount ? (
                <Link to={pageHref(page + 1)} className={buttonClassName({ variant: "outline", size: "sm" })}>
                  Next
                </Link>
              ) : null}
            </div>
          </nav>
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {query ? `No users match “${query}”.` : "No users yet."}
        </p>
      )}
    </>
  );
}
