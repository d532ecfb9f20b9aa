import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SettingsLayout } from "~/components/settings";
import { agencySettingsTabsLoader } from "~/web/settings.server";

export const loader = ({ request }: LoaderFunctionArgs) => agencySettingsTabsLoader(request);

export default function Settings() {
  const { auditLog } = useLoaderData<typeof loader>();
  return <SettingsLayout area="agency" auditLog={auditLog} />;
}
