import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { clientView } from "~/components/clients/client-view";
import { PersonPage } from "~/components/rosters/person-page";
import { getPerson } from "~/models/people.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { handlePersonAction } from "~/web/person-actions.server";
import { pageMeta } from "~/shared";

/* One client, for the agency: the card's dialogs as a page (without JavaScript) and their form endpoint. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? data.person.name : "Client", "Manage a client's spaces and login, or remove them.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return expectFound(getPerson(actor, "client", params.clientId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return handlePersonAction(request, actor, "client", params.clientId ?? "");
}

export default function ClientPage() {
  const { person, spaces } = useLoaderData<typeof loader>();
  return <PersonPage view={clientView} person={person} spaces={spaces} />;
}
