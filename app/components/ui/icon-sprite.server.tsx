import { renderToStaticMarkup } from "react-dom/server";
import * as outline from "@heroicons/react/24/outline";
import { FaceSmileIcon, HandThumbUpIcon, HeartIcon } from "@heroicons/react/20/solid";
import type { IconId } from "./icons";

/*
 * The sprite of every icon (served at /icons.svg): each glyph drawn by its Heroicons
 * component once, its shapes kept as a <symbol> that the pages' icons reference.
 */
const COMPONENTS: Record<IconId, React.ComponentType<React.ComponentProps<"svg">>> = {
  "add-reaction": outline.FaceSmileIcon,
  "alert-circle": outline.ExclamationCircleIcon,
  "arrow-right": outline.ArrowRightIcon,
  badge: outline.IdentificationIcon,
  bell: outline.BellIcon,
  chat: outline.ChatBubbleLeftRightIcon,
  "check-circle": outline.CheckCircleIcon,
  "chevron-down": outline.ChevronDownIcon,
  clients: outline.BriefcaseIcon,
  close: outline.XMarkIcon,
  dashboard: outline.Squares2X2Icon,
  database: outline.CircleStackIcon,
  document: outline.DocumentTextIcon,
  download: outline.ArrowDownTrayIcon,
  edit: outline.PencilSquareIcon,
  eye: outline.EyeIcon,
  "eye-off": outline.EyeSlashIcon,
  files: outline.FolderOpenIcon,
  "info-circle": outline.InformationCircleIcon,
  link: outline.LinkIcon,
  lock: outline.LockClosedIcon,
  "log-out": outline.ArrowRightStartOnRectangleIcon,
  mail: outline.EnvelopeIcon,
  mention: outline.AtSymbolIcon,
  menu: outline.Bars3Icon,
  more: outline.EllipsisVerticalIcon,
  phone: outline.PhoneIcon,
  plus: outline.PlusIcon,
  reply: outline.ArrowUturnLeftIcon,
  share: outline.ArrowUpOnSquareIcon,
  "sign-off": outline.ClipboardDocumentCheckIcon,
  search: outline.MagnifyingGlassIcon,
  settings: outline.Cog6ToothIcon,
  sidebar: outline.ViewColumnsIcon,
  sliders: outline.AdjustmentsHorizontalIcon,
  spaces: outline.BuildingOffice2Icon,
  team: outline.UserGroupIcon,
  trash: outline.TrashIcon,
  upload: outline.ArrowUpTrayIcon,
  user: outline.UserIcon,
  "user-minus": outline.UserMinusIcon,
  "user-plus": outline.UserPlusIcon,
  "users-shield": outline.ShieldCheckIcon,
  warning: outline.ExclamationTriangleIcon,
  smile: FaceSmileIcon,
  heart: HeartIcon,
  thumbsup: HandThumbUpIcon,
  angry: AngryFaceIcon,
};

let sprite: string | undefined;

/** The sprite's SVG document, made on first use. */
export function iconSprite(): string {
  sprite ??= `<svg xmlns="http://www.w3.org/2000/svg">${Object.entries(COMPONENTS)
    .map(([id, Component]) => {
      const markup = renderToStaticMarkup(<Component />);
      const root = /^<svg([^>]*)>/.exec(markup)?.[1] ?? "";
      const viewBox = /viewBox="([^"]+)"/.exec(root)?.[1];
      // How Heroicons paints the glyph (its root's fill and stroke) goes on its shapes, so that
      // an icon on a page is only a reference (a chat page shows three or four per message).
      const paint = root.match(/ (fill|stroke|stroke-width)="[^"]*"/g)?.join("") ?? "";
      const shapes = markup
        .replace(/^<svg[^>]*>/, "")
        .replace(/<\/svg>$/, "")
        .replaceAll("<path", `<path${paint}`);
      return `<symbol id="${id}" viewBox="${viewBox}">${shapes}</symbol>`;
    })
    .join("")}</svg>`;
  return sprite;
}

/** Heroicons has no angry face: its frowning face (20 solid), with frowning brows cut out. */
function AngryFaceIcon(props: React.ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-3.536-3.475a.75.75 0 0 0 1.061 0 3.5 3.5 0 0 1 4.95 0 .75.75 0 1 0 1.06-1.06 5 5 0 0 0-7.07 0 .75.75 0 0 0 0 1.06ZM9 8.5c0 .828-.448 1.5-1 1.5s-1-.672-1-1.5S7.448 7 8 7s1 .672 1 1.5Zm3 1.5c.552 0 1-.672 1-1.5S12.552 7 12 7s-1 .672-1 1.5.448 1.5 1 1.5ZM5.6 4.8l3.6 1.3-.35.95-3.6-1.3.35-.95ZM14.4 4.8l-3.6 1.3.35.95 3.6-1.3-.35-.95Z"
      />
    </svg>
  );
}
