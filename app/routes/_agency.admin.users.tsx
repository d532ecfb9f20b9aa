import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { listUsers } from "~/models/admin.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Users | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { users: await listUsers(await requireActor(request, "admin")) };
}

export default function AdminUsers() {
  const { users } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading title="Users" description="Every account on this instance, newest first." />
      <AdminTable
        columns={["Email", "Type", "Agency", "Verified", "Joined"]}
        rows={users.map((user) => [
          user.email,
          user.user_type,
          user.agency_name ?? "—",
          user.email_verified_at ? "Yes" : "No",
          format(new Date(user.created_at), "MMM d, yyyy"),
        ])}
      />
    </>
  );
}
