import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientsLoadError } from "~/components/clients/clients-load-error";
import { clientRosterProps } from "~/components/clients/client-view";
import { PersonRoster } from "~/components/rosters/person-roster";
import { loadClientRoster } from "~/web/client-roster.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () => pageMeta("Clients", "Manage your client contacts and their access to spaces.");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadClientRoster(request, "agency");
}

export default function Clients() {
  return <PersonRoster {...clientRosterProps(useLoaderData<typeof loader>())} returnTo="/clients" />;
}

export function ErrorBoundary() {
  return <ClientsLoadError people="clients" />;
}
