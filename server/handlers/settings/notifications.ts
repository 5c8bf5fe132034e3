import { and, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { notifications, notificationSettings, subscriptionPackages, subscriptionRecords } from '../../db/schema';
import type { HandlerMap, UserContext } from '../../context';
import { DAY_MS } from '../../clock';
import { translate } from '../../messages';
import { notificationSettingsOf, notify } from '../../notifications/notify';

/** Spec 000 §9: the subscription warning starts 5 days or fewer before the end. */
const PLAN_WARNING_DAYS = 5;

/** Raises the plan-expiry notification once per subscription record, when it enters its last 5 days. */
async function notePlanExpiry(ctx: UserContext): Promise<void> {
  const now = ctx.clock.now();
  const ending = await ctx.db
    .select({
      id: subscriptionRecords.id,
      endsAt: subscriptionRecords.endsAt,
      enName: subscriptionPackages.enName,
      cnName: subscriptionPackages.cnName,
    })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(
      and(
        eq(subscriptionRecords.userId, ctx.user.id),
        eq(subscriptionRecords.status, 1),
        gt(subscriptionRecords.endsAt, now),
        lte(subscriptionRecords.endsAt, new Date(now.getTime() + PLAN_WARNING_DAYS * DAY_MS)),
      ),
    );
  for (const record of ending) {
    await notify(ctx, ctx.user.id, {
      kind: 'planExpiry',
      titleKey: 'mail:noticePlanExpiryTitle',
      bodyKey: 'mail:noticePlanExpiryBody',
      params: {
        plan: ctx.lang === 'zh' ? record.cnName : record.enName,
        count: Math.ceil((record.endsAt.getTime() - now.getTime()) / DAY_MS),
        date: record.endsAt.toISOString().slice(0, 10),
      },
      link: '/subscription',
      dedupeKey: `planExpiry:${record.id}`,
    });
  }
}

async function unreadTotal(ctx: UserContext): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt)));
  return n;
}

export const notificationHandlers: HandlerMap = {
  async GetNotificationSettings(_input, ctx) {
    const settings = await notificationSettingsOf(ctx.db, ctx.user.id);
    return { Emails: settings.emails, Topics: settings.topics };
  },

  async UpdateNotificationSettings({ Emails, Topics }, ctx) {
    const emails = [...new Set(Emails.map((e) => e.toLowerCase()))];
    const topics = [...new Set(Topics)];
    const now = ctx.clock.now();
    await ctx.db
      .insert(notificationSettings)
      .values({ userId: ctx.user.id, emails, topics, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { emails, topics, updatedAt: now } });
    return {};
  },

  async GetNotificationList({ Page, NumPerPage, Unread }, ctx) {
    await notePlanExpiry(ctx);
    const where = and(eq(notifications.userId, ctx.user.id), Unread ? isNull(notifications.readAt) : undefined);
    const [{ total }] = await ctx.db.select({ total: count() }).from(notifications).where(where);
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    return {
      Total: total,
      UnreadTotal: await unreadTotal(ctx),
      Notifications: rows.map((r) => ({
        NotificationId: r.id,
        Kind: r.kind as 'alarm' | 'ticketReply' | 'planExpiry',
        Title: translate(r.titleKey, ctx.lang, r.params),
        Body: translate(r.bodyKey, ctx.lang, r.params),
        Link: r.link,
        CreateTime: Math.floor(r.createdAt.getTime() / 1000),
        Read: r.readAt !== null,
      })),
    };
  },

  async MarkNotificationsRead({ NotificationIds, All }, ctx) {
    const mine = and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt));
    if (All) await ctx.db.update(notifications).set({ readAt: ctx.clock.now() }).where(mine);
    else if (NotificationIds?.length)
      await ctx.db
        .update(notifications)
        .set({ readAt: ctx.clock.now() })
        .where(and(mine, inArray(notifications.id, NotificationIds)));
    return { UnreadTotal: await unreadTotal(ctx) };
  },
};
