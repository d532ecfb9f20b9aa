import { NavLink } from "@remix-run/react";
import { clsx } from "~/components/ui";
import { type UserType, spaceFilesPath, spacePath, spaceSignOffsPath } from "~/shared";

/**
 * A space's pages, its Chat, its Files and its Sign-offs, as links in the space's header
 * (each user type at its own address); the current one is `aria-current="page"`. Beside
 * the space's name rather than under it, so that the chat below keeps its height, and
 * on the left, where no toast comes over them.
 */
export function SpaceTabs({
  userType,
  spaceId,
  chatId = spaceId,
}: {
  userType: UserType;
  /** The space, that is its client chat: sign-offs are asked of clients, so they are only ever there. */
  spaceId: string;
  /** The chat whose Chat and Files the tabs lead to: the space's own, or its team side's (issue 38). */
  chatId?: string;
}) {
  const tabs = [
    { label: "Chat", to: spacePath(userType, chatId) },
    { label: "Files", to: spaceFilesPath(userType, chatId) },
    { label: "Sign-offs", to: spaceSignOffsPath(userType, spaceId) },
  ];
  return (
    <nav aria-label="Space">
      <ul className="inline-flex rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                clsx(
                  "block rounded-md px-4 py-1.5 text-sm font-medium transition-colors",
                  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  isActive ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
