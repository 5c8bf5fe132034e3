import { and, asc, eq } from 'drizzle-orm';
import type { UserContext } from '../../context';
import { smsAlarmRules, smsLimits } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { ActionInput } from '../../../src/gateway/contract/actions/registry';
import { newPublicId } from '../../lib/ids';
import { unix } from '../../lib/time';
import { limitsOf, periodsOf, sentCounts } from '../../sms/limits';

// Send-count alarm rules and sending limits of one channel (docs/decisions.md "Settings per channel"):
// each channel's rules and limits count only that channel's sends (server/sms/limits.ts).

type AlarmRuleInput = ActionInput<'CreateUSMSSendCountAlarmRule'>;
type LimitInput = ActionInput<'CreateUSMSLimitAlarmRule'>;

const ruleOf = (ctx: UserContext, channel: string, ruleId: string) =>
  and(eq(smsAlarmRules.ruleId, ruleId), eq(smsAlarmRules.userId, ctx.user.id), eq(smsAlarmRules.channel, channel));

async function limitData(ctx: UserContext, channel: string) {
  const [row] = await ctx.db.select().from(smsLimits).where(limitsOf(ctx.user.id, channel));
  const counts = await sentCounts(ctx.db, ctx.user.id, channel, periodsOf(ctx.clock.now(), ctx.user.timezone));
  return {
    DailyLimit: row?.dailyLimit ?? null,
    MonthlyLimit: row?.monthlyLimit ?? null,
    TotalLimit: row?.totalLimit ?? null,
    AlarmPercent: row?.alarmPercent ?? 80,
    Emails: row?.emails ?? [],
    DailyCount: counts.daily,
    MonthlyCount: counts.monthly,
    TotalCount: counts.total,
    Configured: Boolean(row),
  };
}

async function saveLimits(ctx: UserContext, channel: string, input: LimitInput) {
  const values = {
    dailyLimit: input.DailyLimit,
    monthlyLimit: input.MonthlyLimit,
    totalLimit: input.TotalLimit,
    alarmPercent: input.AlarmPercent,
    emails: input.Emails,
    firedKeys: [],
    updatedAt: ctx.clock.now(),
  };
  await ctx.db
    .insert(smsLimits)
    .values({ userId: ctx.user.id, channel, ...values })
    .onConflictDoUpdate({ target: [smsLimits.userId, smsLimits.channel], set: values });
}

export async function createAlarmRule(ctx: UserContext, channel: string, input: AlarmRuleInput) {
  const [row] = await ctx.db
    .insert(smsAlarmRules)
    .values({
      ruleId: newPublicId('AR'),
      userId: ctx.user.id,
      channel,
      kind: input.Kind,
      period: input.Period,
      threshold: input.Threshold,
      emails: input.Emails,
      enabled: input.Enabled,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return { RuleId: row.ruleId };
}

export async function updateAlarmRule(ctx: UserContext, channel: string, input: AlarmRuleInput & { RuleId: string }) {
  const updated = await ctx.db
    .update(smsAlarmRules)
    // A changed rule may fire again in the current period.
    .set({
      kind: input.Kind,
      period: input.Period,
      threshold: input.Threshold,
      emails: input.Emails,
      enabled: input.Enabled,
      firedPeriod: '',
    })
    .where(ruleOf(ctx, channel, input.RuleId))
    .returning({ id: smsAlarmRules.id });
  if (updated.length === 0) throw notFound();
  return {};
}

export async function deleteAlarmRule(ctx: UserContext, channel: string, ruleId: string) {
  const deleted = await ctx.db
    .delete(smsAlarmRules)
    .where(ruleOf(ctx, channel, ruleId))
    .returning({ id: smsAlarmRules.id });
  if (deleted.length === 0) throw notFound();
  return {};
}

export async function describeAlarmRules(ctx: UserContext, channel: string) {
  const rows = await ctx.db
    .select()
    .from(smsAlarmRules)
    .where(and(eq(smsAlarmRules.userId, ctx.user.id), eq(smsAlarmRules.channel, channel)))
    .orderBy(asc(smsAlarmRules.createdAt), asc(smsAlarmRules.id));
  const counts = await sentCounts(ctx.db, ctx.user.id, channel, periodsOf(ctx.clock.now(), ctx.user.timezone));
  return {
    Rules: rows.map((row) => ({
      RuleId: row.ruleId,
      Kind: row.kind,
      Period: row.period,
      Threshold: row.threshold,
      Emails: row.emails,
      Enabled: row.enabled,
      CurrentCount: row.period === 'day' ? counts.daily : counts.monthly,
      LastFiredTime: unix(row.firedAt),
      CreateTime: unix(row.createdAt),
    })),
  };
}

export async function createLimitRule(ctx: UserContext, channel: string, input: LimitInput) {
  await saveLimits(ctx, channel, input);
  return limitData(ctx, channel);
}

export async function updateLimitRule(ctx: UserContext, channel: string, input: LimitInput) {
  const [row] = await ctx.db.select({ userId: smsLimits.userId }).from(smsLimits).where(limitsOf(ctx.user.id, channel));
  if (!row) throw new ApiError(RetCode.NotFound);
  await saveLimits(ctx, channel, input);
  return limitData(ctx, channel);
}

export const getLimitRule = limitData;
