import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { UnreadBadge } from "~/components/chat/unread-badge";
import { EmptySpaces } from "~/components/spaces/empty-state";
import { PageHeader, Avatar, buttonClassName, Card, ChatIcon, Pager } from "~/components/ui";
import { listVisibleSpaces } from "~/models/spaces.server";
import { requireActor } from "~/web/guards.server";
import { requestedPage } from "~/web/request.server";
import { imageUrl, pageMeta, spacePath } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Team Chat", "Your spaces with your agency: enter one to chat with the team working for you.");

/** SPEC §2.3 Team Chat: the client's spaces, each with Enter Chat. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireActor(request, "client");
  return { spaces: await listVisibleSpaces(actor, { page: requestedPage(request) }) };
}

export default function TeamChat() {
  const { spaces } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Team Chat" subtitle="Talk with your agency in each of your spaces" />
      {spaces.total ? (
        <Card>
          <ul className="divide-y divide-slate-100">
            {spaces.items.map((space) => (
              <li key={space.id} className="flex items-center gap-4 px-4 py-4 sm:px-5">
                <Avatar name={space.name} src={imageUrl(space.logoKey)} shape="square" size="lg" alt="" />
                <div className="min-w-0 flex-1">
                  <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                    <span className="truncate">{space.name}</span>
                    <UnreadBadge count={space.unread} />
                  </h2>
                  <p className="truncate text-sm text-slate-600">
                    {space.teamMemberCount} team {space.teamMemberCount === 1 ? "member" : "members"}
                  </p>
                </div>
                <Link
                  to={spacePath("CLIENT", space.id)}
                  className={buttonClassName({ variant: "secondary", size: "sm" })}
                  aria-label={`Enter Chat: ${space.name}`}
                >
                  <ChatIcon />
                  Enter Chat
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <EmptySpaces title="No Team Chats Available">
          When your agency adds you to a space, its chat shows up here.
        </EmptySpaces>
      )}
      <Pager list={spaces} label="Pages of chats" />
    </div>
  );
}
