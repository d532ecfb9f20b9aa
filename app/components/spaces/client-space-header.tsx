import { Link } from "@remix-run/react";
import { Avatar } from "~/components/ui";
import { type SpaceOverview, imageUrl } from "~/shared";
import { ExportSpaceLink } from "./space-header";
import { SpaceTabs } from "./space-tabs";

/** The top of a client's space: the space, its agency, the way back to all chats, and its Chat, Files and Sign-offs tabs, and Export for a client owner the agency lets export. */
export function ClientSpaceHeader({ space }: { space: SpaceOverview }) {
  return (
    <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={space.name} src={imageUrl(space.logoKey)} shape="square" size="lg" alt="" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{space.name}</h1>
          <p className="text-sm text-slate-600">
            With {space.agency.name} ·{" "}
            <Link to="/client/chat" className="text-indigo-700 underline hover:text-indigo-900">
              All chats
            </Link>
          </p>
        </div>
      </div>
      <SpaceTabs userType="CLIENT" spaceId={space.id} />
      {space.canExport ? <ExportSpaceLink spaceId={space.id} /> : null}
    </div>
  );
}
