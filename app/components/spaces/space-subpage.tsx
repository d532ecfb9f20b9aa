import { Link } from "@remix-run/react";
import { ArrowRightIcon } from "~/components/ui";

/** The frame of a space's own pages (Manage Team, Manage Clients): a way back to the space, the heading, the content. */
export function SpaceSubpage({
  space,
  title,
  subtitle,
  children,
}: {
  space: { id: string; name: string };
  title: string;
  subtitle: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link
          to={`/spaces/${space.id}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
        >
          <ArrowRightIcon className="size-4 rotate-180" aria-hidden="true" />
          Back to {space.name}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
