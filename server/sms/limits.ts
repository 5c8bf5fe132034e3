import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { smsAlarmRules, smsLimits, channelTasks, users } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_ALARM_KIND, SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { translate, type Lang } from '../messages';
import { queueMail } from '../mail';
import { isKnownZone, zonedTimeToDate } from './time-zones';

// Sending limits and send-count alarms fire for real (docs/decisions.md, "SMS"): counts are the
// valid recipients of the account's non-trial tasks accepted in the period (a scheduled task counts
// when it is accepted); a limit (or a kind-2 rule) refuses the task that would pass it and mails
// the account; warnings (kind-1 rules, and the limits' AlarmPercent) mail once per period.
// Each phone channel (sms, mms, voice: the kernel's channel id) has its own limits, rules and counts
// (docs/decisions.md "Settings per channel").

export interface Periods {
  dayStart: Date;
  monthStart: Date;
  dayKey: string;
  monthKey: string;
}

export function periodsOf(now: Date, zone: string): Periods {
  const tz = isKnownZone(zone) ? zone : 'UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const dayKey = `${parts.year}-${parts.month}-${parts.day}`;
  const monthKey = `${parts.year}-${parts.month}`;
  return {
    dayKey,
    monthKey,
    dayStart: zonedTimeToDate(`${dayKey} 00:00`, tz) ?? now,
    monthStart: zonedTimeToDate(`${monthKey}-01 00:00`, tz) ?? now,
  };
}

/** The account's limit row of one channel. */
export const limitsOf = (userId: number, channel: string) =>
  and(eq(smsLimits.userId, userId), eq(smsLimits.channel, channel));

const NOT_COUNTED = [SMS_TASK_STATUS.Cancelled, SMS_TASK_STATUS.Rejected, SMS_TASK_STATUS.Deleted];

export async function sentCounts(
  db: Db,
  userId: number,
  channel: string,
  periods: Periods,
): Promise<{ daily: number; monthly: number; total: number }> {
  const base = and(
    eq(channelTasks.userId, userId),
    eq(channelTasks.channel, channel),
    eq(channelTasks.trial, false),
    notInArray(channelTasks.status, NOT_COUNTED),
  );
  const sum = sql<string>`COALESCE(SUM(${channelTasks.totalCount}), 0)`;
  const [[daily], [monthly], [total]] = await Promise.all([
    db
      .select({ n: sum })
      .from(channelTasks)
      .where(and(base, gte(channelTasks.createdAt, periods.dayStart))),
    db
      .select({ n: sum })
      .from(channelTasks)
      .where(and(base, gte(channelTasks.createdAt, periods.monthStart))),
    db.select({ n: sum }).from(channelTasks).where(base),
  ]);
  return { daily: Number(daily.n), monthly: Number(monthly.n), total: Number(total.n) };
}

const PERIOD_KEY = {
  day: 'mail:smsAlarmPeriodDay',
  month: 'mail:smsAlarmPeriodMonth',
  total: 'mail:smsAlarmPeriodTotal',
};

/** The channel's name in alarm mails; SMS for a channel without its own. */
const CHANNEL_KEY: Record<string, string> = {
  sms: 'mail:alarmChannelSms',
  mms: 'mail:alarmChannelMms',
  voice: 'mail:alarmChannelVoice',
  whatsapp: 'mail:alarmChannelWhatsApp',
  email: 'mail:alarmChannelEmail',
};

type Mailer = Pick<ServerDeps, 'jobs'>;

/** Queues the alarm mail in the account's language; the texts are the console's locale files. */
async function mailAlarm(
  deps: Mailer,
  to: string[],
  lang: Lang,
  what: {
    kind: 'warning' | 'limit';
    period: 'day' | 'month' | 'total';
    count: number;
    threshold: number;
    channel: string;
  },
) {
  const params = {
    period: translate(PERIOD_KEY[what.period], lang),
    count: what.count,
    threshold: what.threshold,
    channel: translate(CHANNEL_KEY[what.channel] ?? CHANNEL_KEY.sms, lang),
  };
  const subject = translate(
    what.kind === 'limit' ? 'mail:smsAlarmLimitSubject' : 'mail:smsAlarmWarningSubject',
    lang,
    params,
  );
  const text = translate('mail:smsAlarmText', lang, { ...params, subject });
  for (const address of to) await queueMail(deps, { to: address, subject, text });
}

async function recipientsOf(db: Db, userId: number, emails: string[]): Promise<string[]> {
  if (emails.length) return emails;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? [user.email] : [];
}

/**
 * Refuses a task of `adding` recipients that would pass a limit (and mails the account once per
 * period about it). Answers what `fireWarnings` needs after the task is stored.
 */
export async function enforceLimits(
  deps: Mailer & { db: Db; clock: { now(): Date } },
  user: { id: number; timezone: string },
  lang: Lang,
  adding: number,
  channel: string,
) {
  const periods = periodsOf(deps.clock.now(), user.timezone);
  const before = await sentCounts(deps.db, user.id, channel, periods);
  const [limits] = await deps.db.select().from(smsLimits).where(limitsOf(user.id, channel));
  const checks: { period: 'day' | 'month' | 'total'; count: number; limit: number | null; key: string }[] = [
    { period: 'day', count: before.daily, limit: limits?.dailyLimit ?? null, key: `day:${periods.dayKey}` },
    { period: 'month', count: before.monthly, limit: limits?.monthlyLimit ?? null, key: `month:${periods.monthKey}` },
    { period: 'total', count: before.total, limit: limits?.totalLimit ?? null, key: 'total' },
  ];
  const rules = await deps.db
    .select()
    .from(smsAlarmRules)
    .where(
      and(
        eq(smsAlarmRules.userId, user.id),
        eq(smsAlarmRules.channel, channel),
        eq(smsAlarmRules.enabled, true),
        inArray(smsAlarmRules.kind, [SMS_ALARM_KIND.Limit]),
      ),
    );
  for (const rule of rules)
    checks.push({
      period: rule.period,
      count: rule.period === 'day' ? before.daily : before.monthly,
      limit: rule.threshold,
      key: `rule:${rule.ruleId}:${rule.period === 'day' ? periods.dayKey : periods.monthKey}`,
    });
  for (const check of checks) {
    if (check.limit === null || check.count + adding <= check.limit) continue;
    const firedKeys = limits?.firedKeys ?? [];
    if (!firedKeys.includes(`block:${check.key}`)) {
      await mailAlarm(deps, await recipientsOf(deps.db, user.id, limits?.emails ?? []), lang, {
        kind: 'limit',
        period: check.period,
        count: check.count,
        threshold: check.limit,
        channel,
      });
      if (limits)
        await deps.db
          .update(smsLimits)
          .set({
            firedKeys: [
              ...firedKeys.filter(
                (k) => k.includes(periods.dayKey) || k.includes(periods.monthKey) || k.startsWith('block:total'),
              ),
              `block:${check.key}`,
            ],
          })
          .where(limitsOf(user.id, channel));
    }
    throw new ApiError(RetCode.SendLimitReached, {
      limit: check.limit,
      period: translate(PERIOD_KEY[check.period], lang),
      channel: translate(CHANNEL_KEY[channel] ?? CHANNEL_KEY.sms, lang),
    });
  }
  return { periods, before };
}

/** Mails the warnings a newly stored task crossed: kind-1 rules and the limits' AlarmPercent, once per period. */
export async function fireWarnings(
  deps: Mailer & { db: Db },
  user: { id: number },
  lang: Lang,
  state: { periods: Periods; before: { daily: number; monthly: number; total: number } },
  adding: number,
  channel: string,
) {
  const { periods, before } = state;
  const after = { daily: before.daily + adding, monthly: before.monthly + adding, total: before.total + adding };
  const rules = await deps.db
    .select()
    .from(smsAlarmRules)
    .where(and(eq(smsAlarmRules.userId, user.id), eq(smsAlarmRules.channel, channel), eq(smsAlarmRules.enabled, true)));
  for (const rule of rules) {
    const periodKey = rule.period === 'day' ? periods.dayKey : periods.monthKey;
    const count = rule.period === 'day' ? after.daily : after.monthly;
    if (count < rule.threshold || rule.firedPeriod === periodKey) continue;
    await mailAlarm(deps, await recipientsOf(deps.db, user.id, rule.emails), lang, {
      kind: rule.kind === SMS_ALARM_KIND.Limit ? 'limit' : 'warning',
      period: rule.period,
      count,
      threshold: rule.threshold,
      channel,
    });
    await deps.db
      .update(smsAlarmRules)
      .set({ firedPeriod: periodKey, firedAt: new Date() })
      .where(eq(smsAlarmRules.id, rule.id));
  }
  const [limits] = await deps.db.select().from(smsLimits).where(limitsOf(user.id, channel));
  if (!limits || limits.alarmPercent <= 0) return;
  const fired = new Set(limits.firedKeys);
  const warnings: { period: 'day' | 'month' | 'total'; count: number; limit: number | null; key: string }[] = [
    { period: 'day', count: after.daily, limit: limits.dailyLimit, key: `warn:day:${periods.dayKey}` },
    { period: 'month', count: after.monthly, limit: limits.monthlyLimit, key: `warn:month:${periods.monthKey}` },
    { period: 'total', count: after.total, limit: limits.totalLimit, key: 'warn:total' },
  ];
  let changed = false;
  for (const w of warnings) {
    if (w.limit === null || fired.has(w.key) || w.count * 100 < w.limit * limits.alarmPercent) continue;
    await mailAlarm(deps, await recipientsOf(deps.db, user.id, limits.emails), lang, {
      kind: 'warning',
      period: w.period,
      count: w.count,
      threshold: w.limit,
      channel,
    });
    fired.add(w.key);
    changed = true;
  }
  if (changed)
    await deps.db
      .update(smsLimits)
      .set({ firedKeys: [...fired] })
      .where(limitsOf(user.id, channel));
}
