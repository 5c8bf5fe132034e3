import { and, asc, eq } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../../context';
import { smsAlarmRules } from '../../db/schema';
import { notFound } from '../../errors';
import type { ActionInput } from '../../../src/gateway/contract/actions/registry';
import type { EmailAlertMetric } from '../../../src/gateway/contract/actions/email-limits';
import { newPublicId } from '../../lib/ids';
import { unix } from '../../lib/time';
import { EMAIL_CHANNEL_ID } from '../../email/channel-id';
import { acceptEmailSendTask } from '../../email/send-task';
import { emailCounts, emailRates, metricValue } from '../../email/limits';
import { queueEmailAlerts } from '../../email/alerts';
import { periodsOf } from '../../sms/limits';
import { createLimitRule, getLimitRule, updateLimitRule } from '../channels/settings-alarms';

// E-mail sending limits (the channels' limit row, channel 'email'), alert rules (the channels' alarm
// rules with a metric) and the trigger send (docs/decisions.md "E-mail limits and alerts").

type AlertInput = ActionInput<'CreateEmailAlertRule'>;

const ruleOf = (ctx: UserContext, ruleId: string) =>
  and(
    eq(smsAlarmRules.ruleId, ruleId),
    eq(smsAlarmRules.userId, ctx.user.id),
    eq(smsAlarmRules.channel, EMAIL_CHANNEL_ID),
  );

const ruleValues = (ctx: UserContext, input: AlertInput) => ({
  metric: input.Metric,
  kind: input.Kind,
  period: input.Period,
  threshold: input.Threshold,
  emails: input.Emails ?? [],
  enabled: input.Enabled ?? true,
  lang: ctx.lang,
});

async function describeAlertRules(ctx: UserContext) {
  const rows = await ctx.db
    .select()
    .from(smsAlarmRules)
    .where(and(eq(smsAlarmRules.userId, ctx.user.id), eq(smsAlarmRules.channel, EMAIL_CHANNEL_ID)))
    .orderBy(asc(smsAlarmRules.createdAt), asc(smsAlarmRules.id));
  const periods = periodsOf(ctx.clock.now(), ctx.user.timezone);
  const counts = await emailCounts(ctx.db, ctx.user.id, periods);
  const rates = {
    day: await emailRates(ctx.db, ctx.user.id, periods.dayStart),
    month: await emailRates(ctx.db, ctx.user.id, periods.monthStart),
  };
  return {
    Rules: rows.map((row) => ({
      RuleId: row.ruleId,
      Metric: row.metric as EmailAlertMetric,
      Kind: row.kind,
      Period: row.period,
      Threshold: row.threshold,
      Emails: row.emails,
      Enabled: row.enabled,
      CurrentValue: metricValue(row.metric as EmailAlertMetric, row.period, counts, rates),
      LastFiredTime: unix(row.firedAt),
      CreateTime: unix(row.createdAt),
    })),
  };
}

export const emailLimitHandlers: HandlerMap = {
  CreateEmailLimitAlarmRule: (input, ctx) => createLimitRule(ctx, EMAIL_CHANNEL_ID, input),
  UpdateEmailLimitAlarmRule: (input, ctx) => updateLimitRule(ctx, EMAIL_CHANNEL_ID, input),
  GetEmailLimitAlarmRule: (_input, ctx) => getLimitRule(ctx, EMAIL_CHANNEL_ID),
  async CreateEmailAlertRule(input, ctx) {
    const [row] = await ctx.db
      .insert(smsAlarmRules)
      .values({
        ruleId: newPublicId('AR'),
        userId: ctx.user.id,
        channel: EMAIL_CHANNEL_ID,
        ...ruleValues(ctx, input),
        createdAt: ctx.clock.now(),
      })
      .returning();
    // A rule already reached fires now, not only at the next send.
    await queueEmailAlerts(ctx, ctx.user.id);
    return { RuleId: row.ruleId };
  },
  async UpdateEmailAlertRule({ RuleId, ...input }, ctx) {
    const updated = await ctx.db
      .update(smsAlarmRules)
      // A changed rule may fire again in the current period.
      .set({ ...ruleValues(ctx, input), firedPeriod: '' })
      .where(ruleOf(ctx, RuleId))
      .returning({ id: smsAlarmRules.id });
    if (updated.length === 0) throw notFound();
    await queueEmailAlerts(ctx, ctx.user.id);
    return {};
  },
  async DeleteEmailAlertRule({ RuleId }, ctx) {
    const deleted = await ctx.db.delete(smsAlarmRules).where(ruleOf(ctx, RuleId)).returning({ id: smsAlarmRules.id });
    if (deleted.length === 0) throw notFound();
    return {};
  },
  DescribeEmailAlertRule: (_input, ctx) => describeAlertRules(ctx),
  async SendEmail(input, ctx) {
    const variables = input.Variables ?? [];
    const reply = await acceptEmailSendTask(
      ctx,
      {
        TaskName: 'API',
        TemplateId: input.TemplateId,
        SenderId: input.SenderId,
        Rows: [[input.Email, ...variables]],
        Tags: [],
        ProjectId: 'default',
        SendType: 'immediate',
      },
      'trigger',
    );
    return { TaskId: reply.TaskId, SessionNo: reply.SessionNo };
  },
};
