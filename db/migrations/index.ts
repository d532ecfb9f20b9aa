import type { Migration } from "kysely/migration";
import * as initial from "./0001_initial";
import * as spaceOwnerAndPendingUploads from "./0003_space_owner_and_pending_uploads";
import * as securityAndNotices from "./0005_security_and_notices";
import * as clientCompanies from "./0006_client_companies";
import * as changeLogIndexes from "./0007_change_log_indexes";
import * as userTimeZone from "./0008_user_time_zone";
import * as spaceExports from "./0009_space_exports";
import * as knownDevices from "./0010_known_devices";
import * as mentions from "./0011_mentions";
import * as presence from "./0012_presence";
import * as presenceSettings from "./0013_presence_settings";
import * as replies from "./0014_replies";
import * as lastSeenApart from "./0015_last_seen_apart";
import * as theme from "./0016_theme";
import * as linkPreviews from "./0017_link_previews";
import * as pushSubscriptions from "./0018_push_subscriptions";
import * as pushAndSessionLimits from "./0019_push_and_session_limits";
import * as mentionDigests from "./0020_mention_digests";
import * as linkPreviewCache from "./0021_link_preview_cache";
import * as exportJobsAndFileNames from "./0022_export_jobs_and_file_names";
import * as mailReplies from "./0023_mail_replies";
import * as mailEvents from "./0024_mail_events";
import * as teamSides from "./0025_team_sides";
import * as signOffs from "./0026_sign_offs";
import * as messageSearch from "./0027_message_search";
import * as searchIndexes from "./0028_search_indexes";
import * as fileWordsIndex from "./0029_file_words_index";
import * as mentioningMessagesIndex from "./0030_mentioning_messages_index";
import * as unreadCountIndex from "./0031_unread_count_index";

/* Listed here rather than read from disk, so that they travel inside the server build. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0003_space_owner_and_pending_uploads": spaceOwnerAndPendingUploads,
  "0005_security_and_notices": securityAndNotices,
  "0006_client_companies": clientCompanies,
  "0007_change_log_indexes": changeLogIndexes,
  "0008_user_time_zone": userTimeZone,
  "0009_space_exports": spaceExports,
  "0010_known_devices": knownDevices,
  "0011_mentions": mentions,
  "0012_presence": presence,
  "0013_presence_settings": presenceSettings,
  "0014_replies": replies,
  "0015_last_seen_apart": lastSeenApart,
  "0016_theme": theme,
  "0017_link_previews": linkPreviews,
  "0018_push_subscriptions": pushSubscriptions,
  "0019_push_and_session_limits": pushAndSessionLimits,
  "0020_mention_digests": mentionDigests,
  "0021_link_preview_cache": linkPreviewCache,
  "0022_export_jobs_and_file_names": exportJobsAndFileNames,
  "0023_mail_replies": mailReplies,
  "0024_mail_events": mailEvents,
  "0025_team_sides": teamSides,
  "0026_sign_offs": signOffs,
  "0027_message_search": messageSearch,
  "0028_search_indexes": searchIndexes,
  "0029_file_words_index": fileWordsIndex,
  "0030_mentioning_messages_index": mentioningMessagesIndex,
  "0031_unread_count_index": unreadCountIndex,
};
