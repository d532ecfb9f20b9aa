import type { FormReply } from "./form-reply";
import type { UserType } from "./roles";
import type { Profile } from "./profiles";
import type { NotificationPreferences } from "./settings.schemas";
import type { Theme } from "./theme";
import type { TimeZoneSource } from "./time-format";
import type { TwoFactorStatus } from "./two-factor";

/*
 * What the three tabs of Settings show (app/web/settings/*.server.ts loads them, for
 * /settings, /teams/settings and /client/settings alike).
 */

export type ProfileSettings = {
  profile: Profile;
  timeZone: {
    /** The zone the person chose; null: Automatic. */
    chosen: string | null;
    inUse: string;
    source: TimeZoneSource;
    browserTimeZone: string | null;
    /** The server's list, so the page's options are the same before and after hydration. */
    names: string[];
  };
  showPresence: boolean;
  theme: Theme;
};

export type NotificationSettings = {
  userType: UserType;
  preferences: NotificationPreferences;
  /** The key to subscribe with (null: push is not set up), and this session's endpoint. */
  push: { publicKey: string | null; endpoint: string | null };
  /** Whether notices carry a reply address (a reply domain is set up), and so whether there are any to reset. */
  replyByEmail: boolean;
};

export type SecuritySettings = {
  sessions: Array<{ handle: string; current: boolean; device: string; lastSeen: string; signedIn: string }>;
  /** Why a session may be missing from the list: the cap signed it out. */
  sessionCapNotice: string | null;
  twoFactor: TwoFactorStatus;
  /** For an agency owner: whether its client owners may export their spaces; null for others. */
  clientExports: boolean | null;
};

/** What the Security tab's forms get back: a form's reply, and once two-factor sign-in is confirmed, its recovery codes. */
export type SecurityAnswer = FormReply & { recoveryCodes?: string[] };
