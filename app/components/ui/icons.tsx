/*
 * The app's icons, from Heroicons (Tailwind Labs, made for Headless UI), under the
 * names of what they stand for, so that every page shows the same glyph for a space,
 * a client or a setting. They are decorative (aria-hidden); give the control around
 * them an accessible name.
 *
 * Each is drawn once, in one sprite the browser caches (`/icons.svg`, made from the
 * Heroicons components by icon-sprite.server.tsx), and referenced with `<use>`: a list of
 * fifty spaces drew 420 icons inline, 256 KB of the page's 470 KB of HTML and most of its
 * render.
 */
export type IconComponent = React.ComponentType<React.ComponentProps<"svg"> & { title?: string }>;

/** Every glyph of the sprite, and how Heroicons draws it: 24 px outline, or 20 px solid. */
export const GLYPHS = {
  "add-reaction": "outline",
  "alert-circle": "outline",
  "arrow-right": "outline",
  badge: "outline",
  bell: "outline",
  chat: "outline",
  "check-circle": "outline",
  "chevron-down": "outline",
  clients: "outline",
  close: "outline",
  dashboard: "outline",
  database: "outline",
  document: "outline",
  download: "outline",
  edit: "outline",
  eye: "outline",
  "eye-off": "outline",
  files: "outline",
  "info-circle": "outline",
  link: "outline",
  lock: "outline",
  "log-out": "outline",
  mail: "outline",
  mention: "outline",
  menu: "outline",
  more: "outline",
  phone: "outline",
  plus: "outline",
  reply: "outline",
  share: "outline",
  "sign-off": "outline",
  search: "outline",
  settings: "outline",
  sidebar: "outline",
  sliders: "outline",
  spaces: "outline",
  team: "outline",
  trash: "outline",
  upload: "outline",
  user: "outline",
  "user-minus": "outline",
  "user-plus": "outline",
  "users-shield": "outline",
  warning: "outline",
  smile: "solid",
  heart: "solid",
  thumbsup: "solid",
  angry: "solid",
} as const;
export type IconId = keyof typeof GLYPHS;

/** How the sprite draws its glyphs; raised when that changes. 2: painted on the shapes, not by the pages' icons. */
const SPRITE_FORM = 2;

/** Changes whenever the set of glyphs or the sprite's form does, so a browser never keeps an old sprite (it is cached for a year). */
export const ICON_SPRITE_URL = `/icons.svg?v=${hashOf(`${SPRITE_FORM}:${Object.entries(GLYPHS).join()}`)}`;

/** The glyph's box; how it is painted (fill, stroke) is in the sprite, on its shapes. */
const VIEW_BOX = { outline: "0 0 24 24", solid: "0 0 20 20" };

/**
 * An icon of the sprite, as Heroicons' own component would draw it. Decorative unless named:
 * by a `title` (a tooltip too) or by an `aria-label` (a name alone, no element more).
 */
export function spriteIcon(id: IconId): IconComponent {
  function Icon({ title, ...props }: React.ComponentProps<"svg"> & { title?: string }) {
    const named = Boolean(title || props["aria-label"]);
    return (
      <svg
        viewBox={VIEW_BOX[GLYPHS[id]]}
        aria-hidden={named ? undefined : true}
        role={named ? "img" : undefined}
        data-slot="icon"
        {...props}
      >
        {title ? <title>{title}</title> : null}
        <use href={`${ICON_SPRITE_URL}#${id}`} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${id})`;
  return Icon;
}

// A short, stable hash (FNV-1a): a cache key, not a secret.
function hashOf(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

export const AddReactionIcon = spriteIcon("add-reaction");
export const AlertCircleIcon = spriteIcon("alert-circle");
export const ArrowRightIcon = spriteIcon("arrow-right");
export const BadgeIcon = spriteIcon("badge");
export const BellIcon = spriteIcon("bell");
export const ChatIcon = spriteIcon("chat");
export const CheckCircleIcon = spriteIcon("check-circle");
export const ChevronDownIcon = spriteIcon("chevron-down");
export const ClientsIcon = spriteIcon("clients");
export const CloseIcon = spriteIcon("close");
export const DashboardIcon = spriteIcon("dashboard");
export const DatabaseIcon = spriteIcon("database");
export const DocumentIcon = spriteIcon("document");
export const DownloadIcon = spriteIcon("download");
export const EditIcon = spriteIcon("edit");
export const EyeIcon = spriteIcon("eye");
export const EyeOffIcon = spriteIcon("eye-off");
export const FilesIcon = spriteIcon("files");
export const InfoCircleIcon = spriteIcon("info-circle");
export const LinkIcon = spriteIcon("link");
export const LockIcon = spriteIcon("lock");
export const LogOutIcon = spriteIcon("log-out");
export const MailIcon = spriteIcon("mail");
export const MentionIcon = spriteIcon("mention");
export const MenuIcon = spriteIcon("menu");
export const MoreIcon = spriteIcon("more");
export const PhoneIcon = spriteIcon("phone");
export const PlusIcon = spriteIcon("plus");
export const ReplyIcon = spriteIcon("reply");
export const SearchIcon = spriteIcon("search");
export const ShareIcon = spriteIcon("share");
export const SettingsIcon = spriteIcon("settings");
export const SignOffIcon = spriteIcon("sign-off");
export const SidebarIcon = spriteIcon("sidebar");
export const SlidersIcon = spriteIcon("sliders");
export const SpacesIcon = spriteIcon("spaces");
export const TeamIcon = spriteIcon("team");
export const TrashIcon = spriteIcon("trash");
export const UploadIcon = spriteIcon("upload");
export const UserIcon = spriteIcon("user");
export const UserMinusIcon = spriteIcon("user-minus");
export const UserPlusIcon = spriteIcon("user-plus");
export const UsersShieldIcon = spriteIcon("users-shield");
export const WarningIcon = spriteIcon("warning");
