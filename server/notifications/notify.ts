import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notifications, notificationSettings, users } from '../db/schema';
import { translate, type Lang } from '../messages';
import type { JobQueue } from '../queue';
import { queueMail } from '../mail';
import type { Clock } from '../clock';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../src/gateway/contract/actions/settings';

export interface NoticeDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  lang: Lang;
  origin: string;
}

export interface Notice {
  kind: NotificationTopic;
  /** `mail:…` keys, translated for the reader when listed and for the mail when sent */
  titleKey: string;
  bodyKey: string;
  params?: Record<string, string | number>;
  /** a console path, e.g. /setting/work-order/12 */
  link?: string;
  /** one notification per event: a second call with the same key does nothing */
  dedupeKey: string;
}

/** The settings of an account that never saved any: every topic, mailed to the account's own address. */
export async function notificationSettingsOf(
  db: Db,
  userId: number,
): Promise<{ emails: string[]; topics: NotificationTopic[] }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (row)
    return {
      emails: row.emails,
      topics: row.topics.filter((t): t is NotificationTopic => (NOTIFICATION_TOPICS as readonly string[]).includes(t)),
    };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { emails: user ? [user.email] : [], topics: [...NOTIFICATION_TOPICS] };
}

/**
 * Records a notification for /notification and mails it to the account's notification e-mails when
 * its topic is checked. Any area may call this (alarms, billing); it is idempotent per dedupeKey.
 */
export async function notify(deps: NoticeDeps, userId: number, notice: Notice): Promise<boolean> {
  const params = notice.params ?? {};
  const inserted = await deps.db
    .insert(notifications)
    .values({
      userId,
      kind: notice.kind,
      titleKey: notice.titleKey,
      bodyKey: notice.bodyKey,
      params,
      link: notice.link ?? '',
      dedupeKey: notice.dedupeKey,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (inserted.length === 0) return false;
  const settings = await notificationSettingsOf(deps.db, userId);
  if (!settings.topics.includes(notice.kind)) return true;
  const title = translate(notice.titleKey, deps.lang, params);
  const body = translate(notice.bodyKey, deps.lang, params);
  const link = notice.link ? `${deps.origin}${notice.link}` : '';
  for (const to of settings.emails) {
    await queueMail(deps, {
      to,
      subject: title,
      text: translate('mail:noticeMailText', deps.lang, { title, body, link }),
    });
  }
  return true;
}
