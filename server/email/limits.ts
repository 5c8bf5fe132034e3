import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { translate, type Lang } from '../messages';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_ALARM_KIND, SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { EMAIL_RATE_METRICS, type EmailAlertMetric } from '../../src/gateway/contract/actions/email-limits';
import { planInForce } from '../money/plan-gate';
import { EMAIL_MESSAGE_STATE_CODE } from '../../src/machines/lifecycles/email-message.machine';
import { EMAIL_CHANNEL_ID } from './channel-id';
import { periodsOf, type Periods } from '../sms/limits';

// E-mail sending limits, the plan's EmailLimit and kind-2 alert rules (docs/decisions.md "E-mail limits
// and alerts"). A request is the recipients of an accepted non-trial task (a trigger send is one). The
// check runs inside the transaction that stores the task, after an advisory lock per account, so two
// concurrent tasks are counted one after the other and cannot pass a limit together.

export type EmailRequestKind = 'trigger' | 'batch';

const NOT_COUNTED = [SMS_TASK_STATUS.Cancelled, SMS_TASK_STATUS.Rejected, SMS_TASK_STATUS.Deleted];

export interface EmailCounts {
  daily: number;
  monthly: number;
  total: number;
  triggerDay: number;
  triggerMonth: number;
  batchDay: number;
  batchMonth: number;
}

/** The account's e-mail requests: today, this month, ever, and trigger/batch apart (the account's time zone). */
export async function emailCounts(db: Db, userId: number, periods: Periods): Promise<EmailCounts> {
  const day = periods.dayStart.toISOString();
  const month = periods.monthStart.toISOString();
  const [row] = await rowsOf<Record<keyof EmailCounts, string>>(
    db,
    sql`SELECT
      COALESCE(SUM(total_count) FILTER (WHERE created_at >= ${day}::timestamptz), 0) AS "daily",
      COALESCE(SUM(total_count) FILTER (WHERE created_at >= ${month}::timestamptz), 0) AS "monthly",
      COALESCE(SUM(total_count), 0) AS "total",
      COALESCE(SUM(total_count) FILTER (WHERE request_kind = 'trigger' AND created_at >= ${day}::timestamptz), 0) AS "triggerDay",
      COALESCE(SUM(total_count) FILTER (WHERE request_kind = 'trigger' AND created_at >= ${month}::timestamptz), 0) AS "triggerMonth",
      COALESCE(SUM(total_count) FILTER (WHERE request_kind = 'batch' AND created_at >= ${day}::timestamptz), 0) AS "batchDay",
      COALESCE(SUM(total_count) FILTER (WHERE request_kind = 'batch' AND created_at >= ${month}::timestamptz), 0) AS "batchMonth"
    FROM channel_tasks WHERE user_id = ${userId} AND channel = ${EMAIL_CHANNEL_ID} AND NOT trial
      AND status <> ALL(${sql.param(NOT_COUNTED)}::int[])`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as EmailCounts;
}

/** Percent with two decimals; 0 when nothing is counted yet. */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0;

/**
 * Block rate: hard bounces (invalid) among the messages with a final result reported in the period.
 * Spam rate: complaints received in the period among the messages delivered in it.
 */
export async function emailRates(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ blockRate: number; spamRate: number }> {
  const codes = EMAIL_MESSAGE_STATE_CODE;
  const finals = [codes.deliver, codes.invalid, codes.softBounce, codes.unknown, codes.submitFail];
  const at = since.toISOString();
  const [results] = await rowsOf<{ finished: string; invalid: string; delivered: string }>(
    db,
    sql`SELECT count(*) AS finished,
        count(*) FILTER (WHERE r.state = ${codes.invalid}) AS invalid,
        count(*) FILTER (WHERE r.state = ${codes.deliver}) AS delivered
      FROM channel_tasks t JOIN channel_recipients r ON r.task_id = t.id
      WHERE t.user_id = ${userId} AND t.channel = ${EMAIL_CHANNEL_ID} AND NOT t.trial
        AND r.report_at >= ${at}::timestamptz AND r.state = ANY(${sql.param(finals)}::smallint[])`,
  );
  const [complaints] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM email_suppressions
      WHERE user_id = ${userId} AND reason = 'complaint' AND created_at >= ${at}::timestamptz`,
  );
  return {
    blockRate: percentOf(Number(results.invalid), Number(results.finished)),
    spamRate: percentOf(Number(complaints.n), Number(results.delivered)),
  };
}

/** The value a rule watches now. */
export function metricValue(
  metric: EmailAlertMetric,
  period: 'day' | 'month',
  counts: EmailCounts,
  rates: { day: { blockRate: number; spamRate: number }; month: { blockRate: number; spamRate: number } },
): number {
  if (metric === 'blockRate' || metric === 'spamRate') return rates[period][metric];
  if (metric === 'trigger') return period === 'day' ? counts.triggerDay : counts.triggerMonth;
  if (metric === 'batch') return period === 'day' ? counts.batchDay : counts.batchMonth;
  return period === 'day' ? counts.daily : counts.monthly;
}

/** The plan's EmailLimit: its allowance in the plan in force's current term, or none when that plan does not set it. */
async function planAllowance(db: Db, userId: number, now: Date) {
  const plan = await planInForce(db, userId, now);
  const allowance = plan?.limits.EmailLimit;
  if (!plan || allowance === undefined) return null;
  const [used] = await rowsOf<{ n: string }>(
    db,
    sql`SELECT COALESCE(SUM(total_count), 0) AS n FROM channel_tasks
      WHERE user_id = ${userId} AND channel = ${EMAIL_CHANNEL_ID} AND NOT trial
        AND status <> ALL(${sql.param(NOT_COUNTED)}::int[]) AND created_at >= ${plan.startsAt.toISOString()}::timestamptz`,
  );
  return { allowance: Number(allowance), used: Number(used.n) };
}

const PERIOD_KEY = {
  day: 'mail:smsAlarmPeriodDay',
  month: 'mail:smsAlarmPeriodMonth',
  total: 'mail:smsAlarmPeriodTotal',
};

/**
 * Refuses `adding` requests of `kind` that would pass a sending limit, the plan's EmailLimit or a kind-2
 * alert rule; call it in the transaction that stores the task. Blocks concurrent sends of the account
 * until that transaction ends.
 */
export async function reserveEmailSend(
  tx: Db,
  user: { id: number; timezone: string },
  lang: Lang,
  now: Date,
  adding: number,
  kind: EmailRequestKind,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email-send:${user.id}`}))`);
  const periods = periodsOf(now, user.timezone);
  const counts = await emailCounts(tx, user.id, periods);
  const channel = translate('mail:alarmChannelEmail', lang);
  const [limits] = await rowsOf<{
    daily_limit: number | null;
    monthly_limit: number | null;
    total_limit: number | null;
  }>(
    tx,
    sql`SELECT daily_limit, monthly_limit, total_limit FROM sms_limits WHERE user_id = ${user.id} AND channel = ${EMAIL_CHANNEL_ID}`,
  );
  const checks = [
    { period: 'day' as const, count: counts.daily, limit: limits?.daily_limit ?? null },
    { period: 'month' as const, count: counts.monthly, limit: limits?.monthly_limit ?? null },
    { period: 'total' as const, count: counts.total, limit: limits?.total_limit ?? null },
  ];
  for (const check of checks)
    if (check.limit !== null && check.count + adding > check.limit)
      throw new ApiError(RetCode.SendLimitReached, {
        limit: check.limit,
        period: translate(PERIOD_KEY[check.period], lang),
        channel,
      });
  const plan = await planAllowance(tx, user.id, now);
  if (plan && plan.used + adding > plan.allowance)
    throw new ApiError(RetCode.EmailQuotaUsedUp, { limit: plan.allowance, used: plan.used });
  const rules = await rowsOf<{ metric: EmailAlertMetric; period: 'day' | 'month'; threshold: string }>(
    tx,
    sql`SELECT metric, period, threshold FROM sms_alarm_rules
      WHERE user_id = ${user.id} AND channel = ${EMAIL_CHANNEL_ID} AND enabled AND kind = ${SMS_ALARM_KIND.Limit}`,
  );
  const rates = rules.some((r) => EMAIL_RATE_METRICS.includes(r.metric))
    ? {
        day: await emailRates(tx, user.id, periods.dayStart),
        month: await emailRates(tx, user.id, periods.monthStart),
      }
    : { day: { blockRate: 0, spamRate: 0 }, month: { blockRate: 0, spamRate: 0 } };
  for (const rule of rules) {
    const threshold = Number(rule.threshold);
    const value = metricValue(rule.metric, rule.period, counts, rates);
    const period = translate(PERIOD_KEY[rule.period], lang);
    if (EMAIL_RATE_METRICS.includes(rule.metric)) {
      if (value >= threshold)
        throw new ApiError(RetCode.EmailRateLimitReached, {
          metric: translate(`mail:emailAlertMetric.${rule.metric}`, lang),
          value,
          threshold,
          period,
        });
      continue;
    }
    const counted = rule.metric === 'total' || rule.metric === kind;
    if (counted && value + adding > threshold)
      throw new ApiError(RetCode.SendLimitReached, { limit: threshold, period, channel });
  }
}
