import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClientEditForm, clientPath } from "~/components/clients/client-edit-form";
import { removeClientConfirmation } from "~/components/clients/client-roster";
import { readPersonAnswer } from "~/components/rosters/person-answer";
import { PersonSection } from "~/components/rosters/person-section";
import { RemovePersonForm } from "~/components/rosters/remove-person";
import { SpaceToggles } from "~/components/rosters/space-toggles";
import { TemporaryPasswordSection } from "~/components/rosters/temporary-password";
import { getClient } from "~/models/clients.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { handlePersonAction } from "~/web/person-actions.server";
import { pageMeta } from "~/utils/meta";
import { CLIENT_ROLE_LABELS } from "~/utils/roles";

/* One client, for the agency: the card's dialogs as a page (without JavaScript) and their form endpoint. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? data.client.name : "Client", "Manage a client's spaces and login, or remove them.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return expectFound(getClient(actor, params.clientId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return handlePersonAction(request, actor, "client", params.clientId ?? "");
}

export default function ClientPage() {
  const { client, spaces } = useLoaderData<typeof loader>();
  const answer = readPersonAnswer(useActionData<typeof action>());
  const path = clientPath(client.id);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/clients" className="text-sm font-medium text-indigo-700 hover:underline">
          Back to Clients
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{client.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {CLIENT_ROLE_LABELS[client.role]}
          {client.company ? ` · ${client.company}` : ""} · {client.email}
        </p>
      </div>
      <PersonSection id="edit" title="Edit Details">
        <ClientEditForm client={client} returnTo="/clients" lastResult={answer.edit} />
      </PersonSection>
      <PersonSection id="spaces" title={client.spaces.length ? "Manage Spaces" : "Assign to Space"}>
        <SpaceToggles
          actionPath={path}
          personName={client.name}
          spaces={spaces}
          assignedIds={client.spaces.map((space) => space.id)}
          plain={{ redirectTo: path }}
        />
      </PersonSection>
      <PersonSection id="login" title="Login">
        <TemporaryPasswordSection hasLogin={client.hasLogin} issued={answer.issued} error={answer.passwordError} />
      </PersonSection>
      <PersonSection id="remove" title="Remove Client">
        <RemovePersonForm
          actionPath={path}
          confirmation={removeClientConfirmation(client.name)}
          label="Remove Client"
        />
      </PersonSection>
    </div>
  );
}
