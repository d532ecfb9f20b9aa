import { useState } from "react";
import { InviteButton } from "~/components/invitations/invite-button";
import { RemovePersonForm } from "~/components/rosters/remove-person";
import { RosterEmpty } from "~/components/rosters/roster-states";
import { SpaceToggles } from "~/components/rosters/space-toggles";
import { Modal } from "~/components/ui/dialog";
import type { InviteOptions } from "~/models/invitations.server";
import type { TeamRoster as Roster } from "~/models/team-members.server";
import { EditMemberForm, teamMemberPath } from "./edit-member-form";
import { MemberCard, OwnerCard, type MemberDialog } from "./member-card";

export const removeMemberConfirmation = (name: string) =>
  `Are you sure you want to remove ${name} from your team? This action cannot be undone.`;

/**
 * The cards of the team (SPEC §2.9): the owner card for the agency, then the members,
 * and for the agency the dialogs of their menus. Dialogs name a member by id, so that
 * they show the member as the latest data has them (after a space is toggled).
 */
export function TeamRoster({ roster, inviteOptions }: { roster: Roster; inviteOptions: InviteOptions | null }) {
  const [open, setOpen] = useState<{ dialog: MemberDialog; memberId: string } | null>(null);
  const close = () => setOpen(null);
  const member = open ? roster.members.find((candidate) => candidate.id === open.memberId) : undefined;

  if (!roster.owner && !roster.members.length) {
    return (
      <RosterEmpty title="No team members found">
        {inviteOptions ? (
          <InviteButton options={inviteOptions} label="Add Your First Team Member" title="Add Team Member" />
        ) : (
          "Your agency has not invited anyone yet."
        )}
      </RosterEmpty>
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {roster.owner ? (
          <li>
            <OwnerCard owner={roster.owner} />
          </li>
        ) : null}
        {roster.members.map((card) => (
          <li key={card.id}>
            <MemberCard
              member={card}
              editable={roster.canEdit}
              onOpen={(dialog, memberId) => setOpen({ dialog, memberId })}
            />
          </li>
        ))}
      </ul>
      {!roster.members.length && inviteOptions ? (
        <RosterEmpty title="No team members found">
          <InviteButton options={inviteOptions} label="Add Your First Team Member" title="Add Team Member" />
        </RosterEmpty>
      ) : null}
      <Modal open={open?.dialog === "edit" && Boolean(member)} onClose={close} title="Edit Team Member">
        {member ? <EditMemberForm member={member} onCancel={close} /> : null}
      </Modal>
      <Modal
        open={open?.dialog === "spaces" && Boolean(member)}
        onClose={close}
        title={member ? `Spaces of ${member.name}` : "Spaces"}
        description="Click a space to assign it or take it away."
      >
        {member ? (
          <SpaceToggles
            actionPath={teamMemberPath(member.id)}
            personName={member.name}
            spaces={roster.spaces}
            assignedIds={member.spaces.map((space) => space.id)}
          />
        ) : null}
      </Modal>
      <Modal open={open?.dialog === "remove" && Boolean(member)} onClose={close} title="Remove Member">
        {member ? (
          <RemovePersonForm
            actionPath={teamMemberPath(member.id)}
            confirmation={removeMemberConfirmation(member.name)}
            label="Remove Member"
            onCancel={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
