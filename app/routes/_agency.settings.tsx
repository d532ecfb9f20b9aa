import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SettingsLayout } from "~/components/settings/settings-layout";
import { canReadAudit } from "~/models/audit.server";
import { requireActor } from "~/web/guards.server";

/* The agency's settings tabs; whether the Audit log is one of them is the audit log's model's rule. */

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return { auditLog: canReadAudit(actor) };
}

export default function Settings() {
  const { auditLog } = useLoaderData<typeof loader>();
  return <SettingsLayout area="agency" auditLog={auditLog} />;
}
