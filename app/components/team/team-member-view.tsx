import { InviteButton } from "~/components/invitations/invite-button";
import { ContactLines, PersonHeading } from "~/components/rosters/person-card";
import type { PersonView } from "~/components/rosters/person-view";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { Alert, Card } from "~/components/ui";
import { type InviteOptions, type TeamMemberCard, TEAM_ROLE_LABELS, type TeamRoster } from "~/shared";
import { EditMemberForm, teamMemberPath } from "./edit-member-form";

/** A team member on the rosters and their page (SPEC §2.9): edited in a dialog, removed as a Member. */
export const teamMemberView: PersonView<TeamMemberCard> = {
  kind: "team_member",
  path: teamMemberPath,
  rosterPath: "/team",
  backLabel: "Back to Team",
  roleLine: (member) => TEAM_ROLE_LABELS[member.role],
  pageSubtitle: (member) => member.email,
  phone: (member) => member.mobileNumber,
  website: () => null,
  editTitle: "Edit Team Member",
  editInline: false,
  EditForm: EditMemberForm,
  spacesDescription: "Click a space to assign it or take it away.",
  removeLabel: "Remove Member",
  removeConfirmation: (name) => `Are you sure you want to remove ${name} from your team? This action cannot be undone.`,
};

/** The agency's team roster (/team, /teams/my-team): the owner card first (agency only), then the members. */
export function teamRosterProps(roster: TeamRoster, inviteOptions: InviteOptions | null) {
  return {
    view: teamMemberView,
    people: roster.members,
    lead: roster.owner ? <OwnerCard owner={roster.owner} /> : null,
    // Beside the owner card, only the invitation to add the first member.
    empty:
      !roster.owner || inviteOptions ? (
        <RosterEmpty title="No team members found">
          {inviteOptions ? (
            <InviteButton options={inviteOptions} label="Add Your First Team Member" title="Add Team Member" />
          ) : (
            "Your agency has not invited anyone yet."
          )}
        </RosterEmpty>
      ) : null,
    spaces: roster.spaces,
    editable: roster.canEdit,
  };
}

function OwnerCard({ owner }: { owner: NonNullable<TeamRoster["owner"]> }) {
  return (
    <Card className="flex h-full flex-col border-indigo-200 p-5">
      <PersonHeading name={owner.name} avatarKey={owner.avatarKey} line={`Owner · ${owner.agencyName}`} />
      <ContactLines email={owner.email} mobileNumber={null} />
    </Card>
  );
}

/** The error of the rosters a team member and a client read of the agency's team (My Team, Agency Team). */
export function TeamMembersLoadError() {
  return (
    <Alert variant="destructive" title="Error">
      Failed to fetch team members. Please try again later.
    </Alert>
  );
}
