import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { Button, Pager, SearchIcon, inputClassName, useClock } from "~/components/ui";
import { listUsers } from "~/models/admin.server";
import { formatDate, pageMeta } from "~/shared";
import { requireActor } from "~/web/guards.server";
import { requestedPage } from "~/web/request.server";

export const meta: MetaFunction = () =>
  pageMeta("Users | Admin", "Every account of the workspace, with its type, agency and status.");

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "admin");
  return listUsers(actor, { query: new URL(request.url).searchParams.get("q") ?? "", page: requestedPage(request) });
}

const TYPE_LABELS = { AGENCY: "Agency", TEAM_MEMBER: "Team member", CLIENT: "Client", ADMIN: "Admin" } as const;

export default function AdminUsers() {
  const { users, query } = useLoaderData<typeof loader>();
  const searching = useNavigation().state === "loading";
  const clock = useClock();
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
      {users.items.length ? (
        <>
          <AdminTable
            label="Users"
            columns={["Email", "Type", "Agency", "Verified", "Created"]}
            rows={users.items.map((user) => [
              user.email,
              TYPE_LABELS[user.userType],
              user.agencyName ?? "—",
              user.verified ? "Yes" : "No",
              formatDate(user.createdAt, clock),
            ])}
          />
          <Pager list={users} label="Pages of users" className="mt-4" />
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {query ? `No users match “${query}”.` : "No users yet."}
        </p>
      )}
    </>
  );
}
