import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientsLoadError } from "~/components/clients/clients-load-error";
import { clientRosterProps } from "~/components/clients/client-view";
import { PersonRoster } from "~/components/rosters/person-roster";
import { loadClientRoster } from "~/web/client-roster.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Clients", "The client contacts of the spaces you work in, and the client invitations you manage.");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadClientRoster(request, "teams");
}

export default function TeamClients() {
  return <PersonRoster {...clientRosterProps(useLoaderData<typeof loader>())} returnTo="/teams/clients" />;
}

export function ErrorBoundary() {
  return <ClientsLoadError people="clients" />;
}
