import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { settingsInForce } from "~/models/admin.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Settings | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { settings: settingsInForce(await requireActor(request, "admin")) };
}

export default function AdminSettings() {
  const { settings } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading
        title="Settings"
        description="The configuration this instance runs with. Secrets are never shown."
      />
      <AdminTable columns={["Setting", "Value"]} rows={settings.map((setting) => [setting.name, setting.value])} />
    </>
  );
}
