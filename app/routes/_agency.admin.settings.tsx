import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { settingsInForce } from "~/models/admin.server";
import { requireActor } from "~/web/guards.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Settings | Admin", "The drivers and settings this workspace runs with.");

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
      <AdminTable
        label="Settings in force"
        columns={["Setting", "Value"]}
        rows={settings.map((setting) => [setting.name, setting.value])}
      />
    </>
  );
}
