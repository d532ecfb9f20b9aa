import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { Avatar, SubmitButton, ChevronDownIcon, LogOutIcon, UserIcon } from "~/components/ui";
import { type ShellUser } from "~/shared";
import { useDetailsDismiss } from "./use-details-dismiss";

const itemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:outline-none [&_svg]:size-4 [&_svg]:text-slate-400";

/**
 * The avatar menu: who is signed in, Profile and Log out. A native `<details>`, so it
 * opens and Log out (a real form post to /logout) works without JavaScript too.
 */
export function UserMenu({ user, profileHref }: { user: ShellUser; profileHref: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-full p-1 transition-colors hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 group-open:bg-slate-100 md:rounded-lg md:pr-2 [&::-webkit-details-marker]:hidden">
        <Avatar name={user.name} src={user.avatarUrl} size="sm" alt="" />
        <span className="sr-only">Account menu for {user.name}</span>
        <ChevronDownIcon className="hidden size-4 text-slate-400 transition-transform group-open:rotate-180 md:block" />
      </summary>
      <div className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10">
        <div className="flex items-center gap-3 px-3 py-2.5">
          <Avatar name={user.name} src={user.avatarUrl} size="md" alt="" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="truncate text-xs text-slate-500 md:hidden">
              {user.roleLabel} · {user.companyName}
            </p>
          </div>
        </div>
        <div className="my-1 h-px bg-slate-100" role="separator" />
        <Link to={profileHref} className={itemClass}>
          <UserIcon />
          Profile
        </Link>
        <Form method="post" action="/logout">
          <SubmitButton
            action="/logout"
            variant="unstyled"
            pendingText="Signing out..."
            className={`${itemClass} disabled:opacity-70`}
          >
            <LogOutIcon />
            Log out
          </SubmitButton>
        </Form>
      </div>
    </details>
  );
}
