import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientsLoadError } from "~/components/clients/clients-load-error";
import { clientRosterProps } from "~/components/clients/client-view";
import { PersonRoster } from "~/components/rosters/person-roster";
import { loadClientRoster } from "~/web/client-roster.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Employees", "The people of your company who work with your agency, and the invitations you sent them.");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadClientRoster(request, "client");
}

export default function Employees() {
  return <PersonRoster {...clientRosterProps(useLoaderData<typeof loader>())} returnTo="/client/employees" />;
}

export function ErrorBoundary() {
  return <ClientsLoadError people="employees" />;
}
