import { InviteButton } from "~/components/invitations/invite-button";
import type { RosterInvitations } from "~/components/rosters/person-roster";
import type { PersonView } from "~/components/rosters/person-view";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { type ClientRoster, type InviteOptions, type ClientCard, CLIENT_ROLE_LABELS } from "~/shared";
import { ClientEditForm, clientPath } from "./client-edit-form";

const roleAndCompany = (client: ClientCard) =>
  `${CLIENT_ROLE_LABELS[client.role]}${client.company ? ` · ${client.company}` : ""}`;

/** A client on the rosters and their page (SPEC §2.10): edited in place on the card, removed as a Client. */
export const clientView: PersonView<ClientCard> = {
  kind: "client",
  path: clientPath,
  rosterPath: "/clients",
  backLabel: "Back to Clients",
  roleLine: roleAndCompany,
  pageSubtitle: (client) => `${roleAndCompany(client)} · ${client.email}`,
  phone: (client) =>
    client.mobileNumber ? `${client.mobileNumber}${client.extension ? ` ext. ${client.extension}` : ""}` : null,
  website: (client) => client.url,
  editTitle: "Edit Details",
  editInline: true,
  EditForm: ClientEditForm,
  spacesDescription: "Click a space to add them to it or take them off it.",
  removeLabel: "Remove Client",
  removeConfirmation: (name) =>
    `Are you sure you want to remove ${name} from your clients? This action cannot be undone.`,
};

/**
 * The clients page (SPEC §2.10) for every user type: Clients for agency and team users,
 * Employees for client users (the other clients of their company). The agency edits,
 * assigns and removes; whoever may invite clients sees the invite buttons and the
 * pending client invitations.
 */
export function clientRosterProps({
  roster,
  invitations,
  inviteOptions,
  clientView: employees,
}: {
  roster: ClientRoster;
  invitations: RosterInvitations;
  inviteOptions: InviteOptions | null;
  /** Client users: labelled Employees. */
  clientView: boolean;
}) {
  const label = employees ? "Invite Employee" : "Invite Client";
  return {
    view: clientView,
    title: employees ? "Employees" : "Clients",
    subtitle: employees
      ? "Manage your team employees and their access"
      : "Manage your client contacts and their access to spaces",
    actions: (
      <>
        {inviteOptions && employees ? (
          <InviteButton
            options={inviteOptions}
            label="Share Invite Link"
            title="Share Invite Link"
            variant="outline"
            share
          />
        ) : null}
        {inviteOptions ? <InviteButton options={inviteOptions} label={label} title={label} /> : null}
      </>
    ),
    people: roster.clients,
    empty: employees ? (
      <RosterEmpty title="No Employees Found">
        {inviteOptions
          ? "Invite the people of your company to work with your agency in your spaces."
          : "Nobody else from your company has joined yet."}
      </RosterEmpty>
    ) : (
      <RosterEmpty title="No clients found">
        {inviteOptions ? (
          <InviteButton options={inviteOptions} label="Invite Your First Client" title="Invite Client" />
        ) : (
          "No clients take part in your spaces yet."
        )}
      </RosterEmpty>
    ),
    spaces: roster.spaces,
    editable: roster.canEdit,
    invitations: inviteOptions ? { list: invitations, showCompany: !employees } : null,
  };
}
