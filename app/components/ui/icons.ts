/*
 * The app's icons, from Heroicons (Tailwind Labs, made for Headless UI), under the
 * names of what they stand for, so that every page shows the same glyph for a space,
 * a client or a setting. They are decorative (aria-hidden); give the control around
 * them an accessible name.
 */
export type IconComponent = React.ComponentType<React.ComponentProps<"svg"> & { title?: string }>;

export {
  ExclamationCircleIcon as AlertCircleIcon,
  ArrowRightIcon,
  ArrowDownTrayIcon as DownloadIcon,
  ArrowUpTrayIcon as UploadIcon,
  IdentificationIcon as BadgeIcon,
  BellIcon,
  ChatBubbleLeftRightIcon as ChatIcon,
  CheckCircleIcon,
  ChevronDownIcon,
  BriefcaseIcon as ClientsIcon,
  XMarkIcon as CloseIcon,
  Squares2X2Icon as DashboardIcon,
  CircleStackIcon as DatabaseIcon,
  EyeIcon,
  EyeSlashIcon as EyeOffIcon,
  FaceSmileIcon as AddReactionIcon,
  EllipsisVerticalIcon as MoreIcon,
  EnvelopeIcon as MailIcon,
  InformationCircleIcon as InfoCircleIcon,
  LinkIcon,
  LockClosedIcon as LockIcon,
  ArrowRightStartOnRectangleIcon as LogOutIcon,
  Bars3Icon as MenuIcon,
  PencilSquareIcon as EditIcon,
  PhoneIcon,
  PlusIcon,
  MagnifyingGlassIcon as SearchIcon,
  Cog6ToothIcon as SettingsIcon,
  ViewColumnsIcon as SidebarIcon,
  TrashIcon,
  UserMinusIcon,
  UserPlusIcon,
  AdjustmentsHorizontalIcon as SlidersIcon,
  BuildingOffice2Icon as SpacesIcon,
  UserGroupIcon as TeamIcon,
  UserIcon,
  ShieldCheckIcon as UsersShieldIcon,
  ExclamationTriangleIcon as WarningIcon,
} from "@heroicons/react/24/outline";
