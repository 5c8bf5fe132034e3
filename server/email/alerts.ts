import { sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { translate, type Lang } from '../messages';
import { queueMail } from '../mail';
import { notify } from '../notifications/notify';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { SMS_ALARM_KIND } from '../../src/gateway/contract/sms-constants';
import { EMAIL_RATE_METRICS, type EmailAlertMetric } from '../../src/gateway/contract/actions/email-limits';
import { periodsOf } from '../sms/limits';
import { EMAIL_CHANNEL_ID } from './channel-id';
import { emailCounts, emailRates, metricValue } from './limits';

// E-mail alert rules fire for real (docs/decisions.md "E-mail limits and alerts"): the `email-alerts`
// job evaluates an account's enabled rules after its tasks are accepted, its deliveries reported and
// its complaints received, and sends a reached rule through the notification path (in-app, and mail to
// the account's notification addresses and the rule's own). Once per rule per period: the notice's
// dedupe key names the rule, its settings and the period, and the rule row keeps the period it fired in,
// so a repeated job or a restart sends nothing twice.

type Deps = Pick<ServerDeps, 'clock' | 'jobs' | 'config'> & { db: Db };

/** Queues an evaluation of the account's rules (after the work that may change a metric committed). */
export const queueEmailAlerts = (deps: Pick<ServerDeps, 'jobs'>, userId: number) =>
  enqueueAfterCommit(deps, QUEUE.emailAlerts, { userId });

interface RuleRow {
  id: number;
  rule_id: string;
  metric: EmailAlertMetric;
  kind: number;
  period: 'day' | 'month';
  threshold: string;
  emails: string[];
  fired_period: string;
  lang: Lang;
}

/** Evaluates the account's enabled e-mail rules; answers the rule ids that fired now. */
export async function evaluateEmailAlerts(deps: Deps, userId: number): Promise<string[]> {
  const rules = await rowsOf<RuleRow>(
    deps.db,
    sql`SELECT id, rule_id, metric, kind, period, threshold, emails, fired_period, lang FROM sms_alarm_rules
      WHERE user_id = ${userId} AND channel = ${EMAIL_CHANNEL_ID} AND enabled ORDER BY id`,
  );
  if (rules.length === 0) return [];
  const [user] = await rowsOf<{ timezone: string }>(deps.db, sql`SELECT timezone FROM users WHERE id = ${userId}`);
  const now = deps.clock.now();
  const periods = periodsOf(now, user?.timezone ?? 'UTC');
  const counts = await emailCounts(deps.db, userId, periods);
  const rates = {
    day: await emailRates(deps.db, userId, periods.dayStart),
    month: await emailRates(deps.db, userId, periods.monthStart),
  };
  const fired: string[] = [];
  for (const rule of rules) {
    const periodKey = rule.period === 'day' ? periods.dayKey : periods.monthKey;
    const threshold = Number(rule.threshold);
    const value = metricValue(rule.metric, rule.period, counts, rates);
    if (value < threshold || rule.fired_period === periodKey) continue;
    const lang: Lang = rule.lang === 'zh' ? 'zh' : 'en';
    const isRate = EMAIL_RATE_METRICS.includes(rule.metric);
    const limit = rule.kind === SMS_ALARM_KIND.Limit;
    const params = {
      metric: translate(`mail:emailAlertMetric.${rule.metric}`, lang),
      value,
      threshold,
      unit: isRate ? '%' : '',
      period: translate(rule.period === 'day' ? 'mail:smsAlarmPeriodDay' : 'mail:smsAlarmPeriodMonth', lang),
      blocked: limit ? translate('mail:emailAlertBlocked', lang) : '',
    };
    const titleKey = limit ? 'mail:emailAlertLimitTitle' : 'mail:emailAlertWarningTitle';
    const first = await notify({ ...deps, lang, origin: deps.config.publicUrl ?? '' }, userId, {
      kind: 'alarm',
      titleKey,
      bodyKey: 'mail:emailAlertBody',
      params,
      link: '/email/setting',
      dedupeKey: `email-alert:${rule.rule_id}:${rule.metric}:${rule.kind}:${threshold}:${periodKey}`,
    });
    if (first)
      for (const to of rule.emails)
        await queueMail(deps, {
          to,
          subject: translate(titleKey, lang, params),
          text: translate('mail:emailAlertBody', lang, params),
        });
    await deps.db.execute(
      sql`UPDATE sms_alarm_rules SET fired_period = ${periodKey}, fired_at = ${now.toISOString()}::timestamptz WHERE id = ${rule.id}`,
    );
    if (first) fired.push(rule.rule_id);
  }
  return fired;
}
