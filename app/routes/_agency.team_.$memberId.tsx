import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PersonPage } from "~/components/rosters/person-page";
import { teamMemberView } from "~/components/team/team-member-view";
import { getPerson } from "~/models/people.server";
import { expectFound } from "~/web/errors.server";
import { requireActor } from "~/web/guards.server";
import { handlePersonAction } from "~/web/person-actions.server";
import { pageMeta } from "~/shared";

/* One team member, for the agency: the card's dialogs as a page (without JavaScript) and their form endpoint. */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? data.person.name : "Team member", "Edit a team member's details, spaces and login, or remove them.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return expectFound(getPerson(actor, "team_member", params.memberId ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireActor(request, "agency");
  return handlePersonAction(request, actor, "team_member", params.memberId ?? "");
}

export default function TeamMemberPage() {
  const { person, spaces } = useLoaderData<typeof loader>();
  return <PersonPage view={teamMemberView} person={person} spaces={spaces} />;
}
