import { Link } from "@remix-run/react";
import { ContactLines, SpaceList } from "~/components/team/member-card";
import { Avatar } from "~/components/ui/avatar";
import { Card } from "~/components/ui/card";
import { DetailsMenu, destructiveMenuItemClassName, menuItemClassName } from "~/components/ui/details-menu";
import { EditIcon, SpacesIcon, UserMinusIcon } from "~/components/ui/icons";
import type { ClientCard as Client } from "~/models/people.server";
import { useHydrated } from "~/components/use-hydrated";
import { imageUrl } from "~/models/image-urls";
import { CLIENT_ROLE_LABELS } from "~/models/roles";
import { ClientEditForm, clientPath } from "./client-edit-form";

export type ClientDialog = "spaces" | "remove";

/**
 * A client's card (SPEC §2.10): view or inline edit. For the agency the menu offers
 * Edit Details, Assign to Space (Manage Spaces once they have one) and Remove Client;
 * its links work without JavaScript (?edit= and the client's page), and with it open
 * in place.
 */
export function ClientCard({
  client,
  editable,
  editing,
  returnTo,
  onEdit,
  onOpen,
}: {
  client: Client;
  editable: boolean;
  editing: boolean;
  returnTo: string;
  onEdit: (clientId: string | null) => void;
  onOpen: (dialog: ClientDialog, clientId: string) => void;
}) {
  const hydrated = useHydrated();
  const open = (dialog: ClientDialog) => ({
    to: `${clientPath(client.id)}#${dialog}`,
    onClick: (event: React.MouseEvent) => {
      if (!hydrated) return;
      event.preventDefault();
      onOpen(dialog, client.id);
    },
  });
  if (editing) {
    return (
      <Card className="p-5">
        <h3 className="mb-3 text-base font-semibold text-slate-900">Edit {client.name}</h3>
        <ClientEditForm client={client} returnTo={returnTo} onCancel={() => onEdit(null)} />
      </Card>
    );
  }
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-4">
        <Avatar name={client.name} src={imageUrl(client.avatarKey)} size="lg" alt="" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-slate-900">{client.name}</h3>
          <p className="text-sm text-indigo-700">
            {CLIENT_ROLE_LABELS[client.role]}
            {client.company ? ` · ${client.company}` : ""}
          </p>
        </div>
        {editable ? (
          <DetailsMenu label={`Actions for ${client.name}`}>
            <Link
              to={`${returnTo}?edit=${client.id}`}
              className={menuItemClassName}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                onEdit(client.id);
              }}
            >
              <EditIcon />
              Edit Details
            </Link>
            <Link {...open("spaces")} className={menuItemClassName}>
              <SpacesIcon />
              {client.spaces.length ? "Manage Spaces" : "Assign to Space"}
            </Link>
            <div className="my-1 h-px bg-slate-100" role="separator" />
            <Link {...open("remove")} className={destructiveMenuItemClassName}>
              <UserMinusIcon />
              Remove Client
            </Link>
          </DetailsMenu>
        ) : null}
      </div>
      <ContactLines
        email={client.email}
        mobileNumber={
          client.mobileNumber ? `${client.mobileNumber}${client.extension ? ` ext. ${client.extension}` : ""}` : null
        }
      />
      {client.url ? (
        <a href={client.url} className="mt-1 truncate text-sm text-indigo-700 hover:underline" rel="noreferrer">
          {client.url.replace(/^https?:\/\//, "")}
        </a>
      ) : null}
      <SpaceList spaces={client.spaces} />
    </Card>
  );
}
