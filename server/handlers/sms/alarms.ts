import { and, asc, eq } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../../context';
import { smsAlarmRules, smsLimits } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { newPublicId } from '../../lib/ids';
import { unix } from '../../lib/time';
import { notFound } from '../../errors';
import { periodsOf, sentCounts } from '../../sms/limits';

async function limitData(ctx: UserContext) {
  const [row] = await ctx.db.select().from(smsLimits).where(eq(smsLimits.userId, ctx.user.id));
  const counts = await sentCounts(ctx.db, ctx.user.id, periodsOf(ctx.clock.now(), ctx.user.timezone));
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

type LimitInput = {
  DailyLimit: number | null;
  MonthlyLimit: number | null;
  TotalLimit: number | null;
  AlarmPercent: number;
  Emails: string[];
};

async function saveLimits(ctx: UserContext, input: LimitInput) {
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
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: smsLimits.userId, set: values });
}

export const smsAlarmHandlers: HandlerMap = {
  async CreateUSMSSendCountAlarmRule(input, ctx) {
    const [row] = await ctx.db
      .insert(smsAlarmRules)
      .values({
        ruleId: newPublicId('AR'),
        userId: ctx.user.id,
        kind: input.Kind,
        period: input.Period,
        threshold: input.Threshold,
        emails: input.Emails,
        enabled: input.Enabled,
        createdAt: ctx.clock.now(),
      })
      .returning();
    return { RuleId: row.ruleId };
  },

  async UpdateUSMSSendCountAlarmRule(input, ctx) {
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
      .where(and(eq(smsAlarmRules.ruleId, input.RuleId), eq(smsAlarmRules.userId, ctx.user.id)))
      .returning({ id: smsAlarmRules.id });
    if (updated.length === 0) throw notFound();
    return {};
  },

  async DeleteUSMSSendCountAlarmRule(input, ctx) {
    const deleted = await ctx.db
      .delete(smsAlarmRules)
      .where(and(eq(smsAlarmRules.ruleId, input.RuleId), eq(smsAlarmRules.userId, ctx.user.id)))
      .returning({ id: smsAlarmRules.id });
    if (deleted.length === 0) throw notFound();
    return {};
  },

  async DescribeUSMSSendCountAlarmRule(_input, ctx) {
    const rows = await ctx.db
      .select()
      .from(smsAlarmRules)
      .where(eq(smsAlarmRules.userId, ctx.user.id))
      .orderBy(asc(smsAlarmRules.createdAt), asc(smsAlarmRules.id));
    const periods = periodsOf(ctx.clock.now(), ctx.user.timezone);
    const counts = await sentCounts(ctx.db, ctx.user.id, periods);
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
  },

  async CreateUSMSLimitAlarmRule(input, ctx) {
    await saveLimits(ctx, input);
    return limitData(ctx);
  },

  async UpdateUSMSLimitAlarmRule(input, ctx) {
    const [row] = await ctx.db
      .select({ userId: smsLimits.userId })
      .from(smsLimits)
      .where(eq(smsLimits.userId, ctx.user.id));
    if (!row) throw new ApiError(RetCode.NotFound);
    await saveLimits(ctx, input);
    return limitData(ctx);
  },

  async GetUSMSLimitAlarmRule(_input, ctx) {
    return limitData(ctx);
  },
};
