import { remember } from "@epic-web/remember";
import { memberNoticeRecipients, sendMemberNotice, type MemberNotice } from "~/models/member-notices.server";
import { findDueUnreadNotices, sendUnreadNotice, type UnreadNotice } from "~/models/unread-notices.server";
import { EXPORT_JOB_SECONDS, sendSpaceExport } from "~/models/space-exports.server";
import { sendMentionDigest, type MentionDigest } from "~/models/mention-notices.server";
import { pushMention, pushNewMessage, type MentionPush, type MessagePush } from "~/models/push-notices.server";
import { subscribe } from "~/models/events.server";
import { queueLinkPreview } from "~/models/link-previews.server";
import { enqueue, startJobs, stopJobs } from "~/services/jobs.server";
import { vapidPublicKey } from "~/services/web-push.server";
import { appOrigin } from "~/models/site.server";
import { RECEIVED_MAIL_QUEUE, receiveResendMail } from "~/models/mail-events.server";
import { sendSignOffRequest, type SignOffRequest } from "~/models/sign-off-notices.server";
import { sendSignOffReminders } from "~/models/sign-off-reminders.server";
import { stopMailInbox, watchMailInbox } from "./mail-inbox.server";

/*
 * The app's background jobs: which queue runs which model function, and which domain
 * events put work on a queue. Started with the server (lifecycle.server.ts) and again
 * after each dev rebuild, which swaps in the new handlers and subscriptions.
 */

export const QUEUES = {
  /** Every minute, on one instance: who has messages waiting unread for long enough. */
  unreadSweep: "unread-notices.sweep",
  /** One per member and space: the mail itself, retried with back-off when sending fails. */
  unreadMail: "unread-notices.mail",
  /** Someone joined, or was added to a space: who should hear of it. */
  memberFanOut: "member-notices.fan-out",
  /** One per recipient of such a notice. */
  memberMail: "member-notices.mail",
  /** One waiting per person and space a message newly names them in: a mail of their mentions there, every few minutes at most. */
  mentionMail: "mention-notices.digest",
  /** One per space export asked for: the archive, stored, and the mail with its link. */
  spaceExport: "space-exports.build",
  /** One per message sent: a push to the members not in the app (issue 21). */
  messagePush: "push-notices.message",
  /** One per person a message newly mentions: a push saying so. */
  mentionPush: "push-notices.mention",
  /** One per person asked to sign off a file (issue 39): the request's mail. */
  signOffMail: "sign-off-notices.mail",
  /** Every hour, on one instance: the sign-off reminders due, by each person's calendar. */
  signOffReminders: "sign-off-reminders.sweep",
} as const;

type MemberMail = { recipientId: string; notice: MemberNotice };

const subscriptions = () => remember("job-subscriptions", () => ({ unsubscribe: [] as Array<() => void> }));

export async function attachJobs() {
  // Heard from the start: start-up starts the queue in the background, and enqueue waits for it.
  const state = subscriptions();
  for (const unsubscribe of state.unsubscribe) unsubscribe();
  const enqueueFromEvent = (queue: string, data: object, options?: Parameters<typeof enqueue>[2]) =>
    void enqueue(queue, data, options).catch((error) => console.error("jobs: could not enqueue", error));
  const fanOut = (notice: MemberNotice) => enqueueFromEvent(QUEUES.memberFanOut, notice);
  state.unsubscribe = [
    subscribe("member.joined", ({ userId }) => fanOut({ kind: "member-joined", userId })),
    subscribe("space.team-member-assigned", ({ spaceId, teamMemberId }) =>
      fanOut({ kind: "team-member-assigned", spaceId, teamMemberId }),
    ),
    subscribe("space.export-requested", (request) => enqueueFromEvent(QUEUES.spaceExport, request)),
    // Not a pg-boss queue: the pages are read in this process, each agency in its turn (link-previews.server.ts).
    subscribe(
      "message.linked",
      (job) => void queueLinkPreview(job).catch((error) => console.error("link previews: the job failed", error)),
    ),
    subscribe("space.changed", ({ change }) => {
      // Without VAPID keys nobody can have subscribed: no job per message for nothing.
      if (change.kind === "message.created" && change.messageId && vapidPublicKey()) {
        enqueueFromEvent(QUEUES.messagePush, { messageId: change.messageId } satisfies MessagePush);
      }
    }),
    subscribe("message.mentioned", ({ messageId, spaceId, userIds }) => {
      for (const userId of userIds) {
        const digest = { userId, spaceId } satisfies MentionDigest;
        enqueueFromEvent(QUEUES.mentionMail, digest, { singletonKey: mentionDigestKey(digest) });
        if (vapidPublicKey()) enqueueFromEvent(QUEUES.mentionPush, { messageId, userId } satisfies MentionPush);
      }
    }),
    subscribe("sign-off.asked", ({ signOffId, userIds }) => {
      for (const userId of userIds)
        enqueueFromEvent(QUEUES.signOffMail, { signOffId, userId } satisfies SignOffRequest);
    }),
  ];
  watchMailInbox();
  await startJobs([
    {
      name: QUEUES.unreadSweep,
      // One sweep at a time across every instance.
      policy: "singleton",
      cron: "* * * * *",
      retryLimit: 0,
      handle: sweepUnreadNotices,
    },
    {
      name: QUEUES.unreadMail,
      // At most one waiting mail job per member and space (the singleton key).
      policy: "short",
      retryLimit: 5,
      retryDelay: 60,
      handle: async (notice: UnreadNotice) => void (await sendUnreadNotice(notice, appOrigin())),
    },
    {
      name: QUEUES.memberFanOut,
      handle: async (notice: MemberNotice) => {
        for (const recipientId of await memberNoticeRecipients(notice)) {
          await enqueue(QUEUES.memberMail, { recipientId, notice } satisfies MemberMail);
        }
      },
    },
    {
      name: QUEUES.memberMail,
      retryLimit: 5,
      retryDelay: 60,
      handle: async ({ recipientId, notice }: MemberMail) =>
        void (await sendMemberNotice(recipientId, notice, appOrigin())),
    },
    {
      name: QUEUES.mentionMail,
      // At most one waiting mail job per person and space (the singleton key); one waiting for its window stands for all.
      policy: "short",
      retryLimit: 5,
      retryDelay: 60,
      handle: async (digest: MentionDigest) => {
        const opensAt = await sendMentionDigest(digest, appOrigin());
        if (opensAt) {
          await enqueue(QUEUES.mentionMail, digest, { singletonKey: mentionDigestKey(digest), startAfter: opensAt });
        }
      },
    },
    {
      name: QUEUES.spaceExport,
      retryLimit: 3,
      retryDelay: 60,
      // A large space takes a while to pack; the default five minutes would cut it off and retry.
      // Its export holds the space for as long (requestSpaceExport).
      expireInSeconds: EXPORT_JOB_SECONDS,
      handle: async ({ exportId }: { exportId: string }) => void (await sendSpaceExport(exportId, appOrigin())),
    },
    {
      name: RECEIVED_MAIL_QUEUE,
      // One waiting per mail (the singleton key); Resend out of reach is tried again, a minute apart and more.
      policy: "short",
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
      handle: async ({ emailId }: { emailId: string }) => void (await receiveResendMail(emailId)),
    },
    {
      name: QUEUES.messagePush,
      // A push is news now or never: no retry minutes later, and none kept for long.
      retryLimit: 0,
      expireInSeconds: 60,
      handle: async (push: MessagePush) => void (await pushNewMessage(push)),
    },
    {
      name: QUEUES.mentionPush,
      retryLimit: 0,
      expireInSeconds: 60,
      handle: async (push: MentionPush) => void (await pushMention(push)),
    },
    {
      name: QUEUES.signOffMail,
      retryLimit: 5,
      retryDelay: 60,
      handle: async (request: SignOffRequest) => void (await sendSignOffRequest(request, appOrigin())),
    },
    {
      name: QUEUES.signOffReminders,
      // One sweep at a time across every instance; a reminder that failed waits for the next hour's.
      policy: "singleton",
      cron: "0 * * * *",
      retryLimit: 0,
      handle: async () => void (await sendSignOffReminders(new Date(), appOrigin())),
    },
  ]);
}

/** At shutdown: no more work from events, and the queue stops once running jobs finish. */
export async function detachJobs() {
  stopMailInbox();
  const state = subscriptions();
  for (const unsubscribe of state.unsubscribe) unsubscribe();
  state.unsubscribe = [];
  await stopJobs();
}

const mentionDigestKey = ({ userId, spaceId }: MentionDigest) => `${userId}:${spaceId}`;

async function sweepUnreadNotices() {
  for (const notice of await findDueUnreadNotices()) {
    await enqueue(QUEUES.unreadMail, notice, { singletonKey: `${notice.userId}:${notice.spaceId}` });
  }
}
