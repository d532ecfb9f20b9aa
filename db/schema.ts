import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from "kysely";
// The domain's words, which the browser shares (app/shared): the columns hold them.
import type { ReactionType } from "~/shared/chat-message";
import type { MentionAt } from "~/shared/mentions";
import type { ClientRole, InvitationRole, TeamRole, UserType } from "~/shared/roles";
import type { SignOffAnswer, SignOffState } from "~/shared/sign-offs";
import type { Theme } from "~/shared/theme";

/* Types of the tables made by db/migrations. Columns keep their snake_case names. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type { ClientRole, InvitationRole, MentionAt, ReactionType, SignOffAnswer, TeamRole, Theme, UserType };
export type TokenKind = "email" | "reset";

export interface PendingRegistration {
  invitationId: string;
  name: string;
  mobileNumber: string | null;
}

export interface InvitationMeta {
  client_role?: ClientRole;
  name?: string;
  mobile_number?: string;
  /** The company's display name. */
  company?: string;
  /** The company a client owner invited into (decision 009); an agency's invitation names one instead. */
  company_id?: string;
  url?: string;
  pre_filled?: boolean;
  agency_name?: string;
  owner_name?: string;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  user_type: ColumnType<UserType, UserType | undefined, UserType>;
  email_verified_at: NullableTimestamp;
  pending_registration: JSONColumnType<PendingRegistration | null, string | null | undefined, string | null>;
  must_change_password: Generated<boolean>;
  agency_id: string | null;
  /** An IANA zone the user chose; null is Automatic (the browser's zone). */
  time_zone: string | null;
  /** Whether others see when they are active ("Show when I'm active"). */
  show_presence: Generated<boolean>;
  /** Light, dark, or the system's setting (issue 21). */
  theme: ColumnType<Theme, Theme | undefined, Theme>;
  /** When the cap on sessions last signed one of theirs out (issue 35). */
  sessions_capped_at: NullableTimestamp;
  /** Bumped when they reset their reply addresses: addresses of earlier versions are refused (issue 37). */
  reply_key_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AgenciesTable {
  id: string;
  agency_name: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  mobile_number: string | null;
  avatar: string | null;
  logo: string | null;
  url: string | null;
  require_two_factor: Generated<boolean>;
  /** Whether the agency lets its client owners export the spaces they own; only its owner may otherwise. */
  client_owners_may_export: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  user_agent: string | null;
  /** Made by the one-click link of a notice (issue 35). */
  by_email_link: Generated<boolean>;
}

export interface VerificationTokensTable {
  id: Generated<string>;
  kind: TokenKind;
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface TeamMembersTable {
  id: Generated<string>;
  agency_id: string;
  user_id: string | null;
  name: string;
  email: string;
  role: TeamRole;
  profile_picture: string | null;
  mobile_number: string | null;
  url: string | null;
  login_enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ClientsTable {
  id: Generated<string>;
  agency_id: string;
  user_id: string | null;
  name: string;
  email: string;
  avatar: string | null;
  mobile_number: string | null;
  extension: string | null;
  url: string | null;
  /** Their company (decision 009): who counts as a colleague is decided by this id, never by a name. */
  company_id: string;
  company_logo: string | null;
  role: ColumnType<ClientRole, ClientRole | undefined, ClientRole>;
  login_enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A client company of an agency (decision 009). A name is one company per agency; nameless ones are each their own. */
export interface ClientCompaniesTable {
  id: Generated<string>;
  agency_id: string;
  name: Generated<string>;
  created_at: CreatedAt;
}

export interface SpacesTable {
  id: Generated<string>;
  agency_id: string;
  name: string;
  logo: string | null;
  contact_number: string | null;
  email: string | null;
  company: string | null;
  url: string | null;
  /** The space's client owner (decision 004); null once that client's record is removed. */
  client_owner_id: string | null;
  /** Set on a space's team-only side (issue 38): the space it belongs to. Null on a space itself. */
  team_side_of: string | null;
  last_seq: ColumnType<string, string | number | undefined, string | number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SpaceClientsTable {
  space_id: string;
  client_id: string;
  created_at: CreatedAt;
}

export interface TeamMemberSpacesTable {
  team_member_id: string;
  space_id: string;
  created_at: CreatedAt;
}

export interface InvitationsTable {
  id: Generated<string>;
  token_hash: string;
  email: string | null;
  role: InvitationRole;
  agency_id: string;
  invited_by: string | null;
  expires_at: Timestamp;
  used: Generated<boolean>;
  meta: JSONColumnType<InvitationMeta | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** Where a message's text names a member: `start` and `length` in its characters (the "@" included). */

/** What a linked page says of itself, as a card shows it, and its picture as the app stored it. */
export type LinkCard = {
  title: string;
  description: string | null;
  siteName: string | null;
  image: { key: string; width: number; height: number } | null;
};

/**
 * The card under a message for the first link in its text (issue 21): what the page said of
 * itself and its picture as stored with the app's files; or that its sender removed it.
 */
export type StoredLinkPreview = ({ url: string } & LinkCard) | { url: string; removed: true };

/** A page's card kept for every message that links it (issue 35); `card` is null when the page gave none. */
export interface LinkPreviewCacheTable {
  url: string;
  card: JSONColumnType<LinkCard | null, string | null, string | null>;
  expires_at: Timestamp;
}

export interface SpaceMessagesTable {
  id: Generated<string>;
  space_id: string;
  sender_id: string | null;
  client_id: string;
  content: Generated<string>;
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  attachment_type: string | null;
  created_at: CreatedAt;
  edited_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  /** Whom the text names and where (app/models/mentions.ts). */
  mentions: JSONColumnType<MentionAt[], string | undefined, string>;
  /** The message of the same space it replies to (issue 21). */
  reply_to_id: string | null;
  link_preview: JSONColumnType<StoredLinkPreview | null, string | null | undefined, string | null>;
  /** Posted by a reply to a notice mail (issue 37). */
  via_email: Generated<boolean>;
}

export interface ReplyAddressesTable {
  token: string;
  user_id: string;
  space_id: string;
  key_version: number;
  created_at: CreatedAt;
}

export interface InboundMailsTable {
  /** The provider's id of the mail, or its Message-ID: a mail delivered twice is handled once. */
  key: string;
  /** The From address, for the limits and the answer to a refused mail. */
  sender: string;
  user_id: string | null;
  space_id: string | null;
  /** What came of it: "posted", or the refusal's reason. */
  outcome: string | null;
  /** When the sender was told why it was not posted: at most one such mail an hour per address. */
  answered_at: NullableTimestamp;
  received_at: CreatedAt;
}

export interface MailEventsTable {
  /** The Svix id of the webhook's delivery: the same event delivered again is taken once. */
  id: string;
  type: string;
  email_id: string | null;
  received_at: CreatedAt;
}

export interface EmailSuppressionsTable {
  /** Lower-cased. */
  address: string;
  reason: "bounced" | "complained";
  created_at: CreatedAt;
}

export interface SpaceChangesTable {
  space_id: string;
  seq: ColumnType<string, string | number, never>;
  kind: string;
  message_id: string | null;
  user_id: string | null;
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface SpaceReadsTable {
  space_id: string;
  user_id: string;
  last_read_at: Timestamp;
  notified_at: NullableTimestamp;
}

export interface MessageReactionsTable {
  message_id: string;
  user_id: string;
  reaction_type: ReactionType;
  created_at: CreatedAt;
}

export interface NotificationPreferencesTable {
  user_id: string;
  new_client: Generated<boolean>;
  team_activity: Generated<boolean>;
  marketing: Generated<boolean>;
  unread_messages: Generated<boolean>;
  mentions: Generated<boolean>;
  sign_offs: Generated<boolean>;
  updated_at: Timestamp;
}

export interface ActivityTable {
  id: Generated<string>;
  agency_id: string;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  summary: string;
  created_at: CreatedAt;
}

/** A message's words for search (migration 0027), kept by a trigger on space_messages: never written by the app. */
export interface MessageWordsTable {
  message_id: string;
  space_id: string;
  sender_id: string | null;
  created_at: Date;
  has_file: boolean;
  words: string;
}

/** A sign-off asked on a message of the client chat that carries a file (migration 0026, ADR 035). */
export interface SignOffsTable {
  id: Generated<string>;
  space_id: string;
  /** The message whose card it is: version 1's file. */
  message_id: string;
  asked_by: string | null;
  asked_by_name: string;
  note: Generated<string>;
  /** A calendar day, "YYYY-MM-DD". */
  due_on: string | null;
  state: Generated<SignOffState>;
  current_version: Generated<number>;
  withdrawn_at: NullableTimestamp;
  withdrawn_by_name: string | null;
  withdrawn_because: string | null;
  created_at: CreatedAt;
}

/** Who is asked to answer a sign-off. */
export interface SignOffPeopleTable {
  sign_off_id: string;
  user_id: string;
}

/** Each version of a sign-off's deliverable: a message of the chat with its file. */
export interface SignOffVersionsTable {
  sign_off_id: string;
  number: number;
  message_id: string;
  created_at: CreatedAt;
}

/** What the SHA-256 of a file's stored bytes was when an answer was given. */
export interface SignedFile {
  name: string;
  size: number;
  sha256: string;
}

/** The one answer to a version of a sign-off, with where it came from. */
export interface SignOffAnswersTable {
  sign_off_id: string;
  version: number;
  answer: SignOffAnswer;
  comment: Generated<string>;
  user_id: string | null;
  user_name: string;
  session_handle: string;
  device: string;
  address: string;
  files: JSONColumnType<SignedFile[], string, string>;
  created_at: CreatedAt;
}

/** A reminder mail sent: once per person, sign-off, due date and kind. */
export interface SignOffRemindersTable {
  sign_off_id: string;
  user_id: string;
  due_on: string;
  kind: "day-before" | "due-day";
  sent_at: Generated<Date>;
}

/** A browser a user has signed in from: the hash of its device cookie. */
export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: Generated<Date>;
}

/** An instance of the app with a socket server; it beats while it runs (migration 0012). */
export interface RealtimeInstancesTable {
  id: string;
  beat_at: Generated<Date>;
}

/** When a user's last tab closed (issue 21's "Last seen"); no row before they ever had one open. */
export interface UserLastSeenTable {
  user_id: string;
  seen_at: Date;
}

/** A user with a connected socket on an instance, since when. */
export interface UserPresenceTable {
  user_id: string;
  instance_id: string;
  since: Generated<Date>;
}

/** A session's push subscription (issue 21): where its browser takes pushes, and the keys to encrypt them for it. */
export interface PushSubscriptionsTable {
  session_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
  /** Sends in a row its push service did not take; forgotten at a few (issue 35). */
  failed_sends: Generated<number>;
}

/** An image stored ahead of the form that will use it; the form may only claim its own. */
export interface PendingUploadsTable {
  key: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: NullableTimestamp;
  last_used_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SignInLinksTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  space_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A space's export asked for by one user: its archive and mailed link once the job has made them. */
/** That a person was told they are named in a message; `settled_at` once a mention mail has dealt with it. */
export interface MentionNoticesTable {
  user_id: string;
  message_id: string;
  settled_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A person's last mention mail about a space, and the sign-in link it carried. */
export interface MentionDigestsTable {
  user_id: string;
  space_id: string;
  mailed_at: Timestamp;
  sign_in_link_id: string | null;
}

export interface SpaceExportsTable {
  id: Generated<string>;
  space_id: string;
  requested_by: string;
  archive_key: string | null;
  archive_size: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  token_hash: string | null;
  expires_at: NullableTimestamp;
  downloaded_at: NullableTimestamp;
  /** When its job's latest attempt began (issue 35): while it may still be at work, the export holds its space. */
  job_started_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  agencies: AgenciesTable;
  sessions: SessionsTable;
  verification_tokens: VerificationTokensTable;
  rate_limits: RateLimitsTable;
  team_members: TeamMembersTable;
  clients: ClientsTable;
  client_companies: ClientCompaniesTable;
  spaces: SpacesTable;
  space_clients: SpaceClientsTable;
  team_member_spaces: TeamMemberSpacesTable;
  invitations: InvitationsTable;
  space_messages: SpaceMessagesTable;
  reply_addresses: ReplyAddressesTable;
  inbound_mails: InboundMailsTable;
  mail_events: MailEventsTable;
  email_suppressions: EmailSuppressionsTable;
  space_changes: SpaceChangesTable;
  space_reads: SpaceReadsTable;
  message_reactions: MessageReactionsTable;
  notification_preferences: NotificationPreferencesTable;
  activity: ActivityTable;
  pending_uploads: PendingUploadsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_links: SignInLinksTable;
  mention_notices: MentionNoticesTable;
  mention_digests: MentionDigestsTable;
  space_exports: SpaceExportsTable;
  known_devices: KnownDevicesTable;
  realtime_instances: RealtimeInstancesTable;
  user_presence: UserPresenceTable;
  user_last_seen: UserLastSeenTable;
  push_subscriptions: PushSubscriptionsTable;
  link_preview_cache: LinkPreviewCacheTable;
  message_words: MessageWordsTable;
  sign_offs: SignOffsTable;
  sign_off_people: SignOffPeopleTable;
  sign_off_versions: SignOffVersionsTable;
  sign_off_answers: SignOffAnswersTable;
  sign_off_reminders: SignOffRemindersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Agency = Selectable<AgenciesTable>;
export type TeamMember = Selectable<TeamMembersTable>;
export type Client = Selectable<ClientsTable>;
export type Space = Selectable<SpacesTable>;
export type Invitation = Selectable<InvitationsTable>;
export type SpaceMessage = Selectable<SpaceMessagesTable>;
