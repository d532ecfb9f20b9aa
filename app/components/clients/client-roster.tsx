import { useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { InviteButton } from "~/components/invitations/invite-button";
import { InvitationsTable } from "~/components/invitations/invitations-table";
import { RemovePersonForm } from "~/components/rosters/remove-person";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { SpaceToggles } from "~/components/rosters/space-toggles";
import { Modal } from "~/components/ui/dialog";
import { PageHeader } from "~/components/ui/page-header";
import type { ClientRoster as Roster } from "~/models/clients.server";
import type { InvitationRow, InviteOptions } from "~/models/invitations.server";
import { ClientCard, type ClientDialog } from "./client-card";
import { clientPath } from "./client-edit-form";

export const removeClientConfirmation = (name: string) =>
  `Are you sure you want to remove ${name} from your clients? This action cannot be undone.`;

type Invitations = Array<Omit<InvitationRow, "createdAt"> & { createdAt: string | Date }>;

/**
 * The clients page (SPEC §2.10) for every user type: Clients for agency and team users,
 * Employees for client users (the other clients of their company). The agency edits,
 * assigns and removes; whoever may invite clients sees the invite buttons and the
 * pending client invitations.
 */
export function ClientRoster({
  roster,
  invitations,
  inviteOptions,
  clientView,
  returnTo,
}: {
  roster: Roster;
  invitations: Invitations;
  inviteOptions: InviteOptions | null;
  /** Client users: labelled Employees. */
  clientView: boolean;
  returnTo: string;
}) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState<{ id: string | null; key: string } | null>(null);
  // Edit mode lasts until the next navigation (a saved edit redirects); without JavaScript ?edit= opens it.
  const editId = editing?.key === location.key ? editing.id : searchParams.get("edit");
  const [open, setOpen] = useState<{ dialog: ClientDialog; clientId: string } | null>(null);
  const close = () => setOpen(null);
  const client = open ? roster.clients.find((candidate) => candidate.id === open.clientId) : undefined;
  const label = clientView ? "Invite Employee" : "Invite Client";

  return (
    <div className="space-y-6">
      <PageHeader
        title={clientView ? "Employees" : "Clients"}
        subtitle={
          clientView
            ? "Manage your team employees and their access"
            : "Manage your client contacts and their access to spaces"
        }
      >
        {inviteOptions && clientView ? (
          <InviteButton options={inviteOptions} label="Share Invite Link" title="Share Invite Link" variant="outline" />
        ) : null}
        {inviteOptions ? <InviteButton options={inviteOptions} label={label} title={label} /> : null}
      </PageHeader>
      {roster.clients.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {roster.clients.map((card) => (
            <li key={card.id}>
              <ClientCard
                client={card}
                editable={roster.canEdit}
                editing={roster.canEdit && editId === card.id}
                returnTo={returnTo}
                onEdit={(id) => setEditing({ id, key: location.key })}
                onOpen={(dialog, clientId) => setOpen({ dialog, clientId })}
              />
            </li>
          ))}
        </ul>
      ) : clientView ? (
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
      )}
      {inviteOptions ? (
        <InvitationsTable invitations={invitations} showCompany={!clientView} returnTo={returnTo} />
      ) : null}
      <Modal
        open={open?.dialog === "spaces" && Boolean(client)}
        onClose={close}
        title={client ? `Spaces of ${client.name}` : "Spaces"}
        description="Click a space to add them to it or take them off it."
      >
        {client ? (
          <SpaceToggles
            actionPath={clientPath(client.id)}
            personName={client.name}
            spaces={roster.spaces}
            assignedIds={client.spaces.map((space) => space.id)}
          />
        ) : null}
      </Modal>
      <Modal open={open?.dialog === "remove" && Boolean(client)} onClose={close} title="Remove Client">
        {client ? (
          <RemovePersonForm
            actionPath={clientPath(client.id)}
            confirmation={removeClientConfirmation(client.name)}
            label="Remove Client"
            onCancel={close}
          />
        ) : null}
      </Modal>
    </div>
  );
}
