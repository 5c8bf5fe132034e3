import { smsChannel } from '../../channels/sms';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../../context';
import { channelTasks, smsTrialPhones } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SMS_LIMITS, SMS_TRIAL_SAMPLE_TEXT } from '../../../src/gateway/contract/sms-constants';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../../src/gateway/contract/sms-template';
import { smsTemplateUsable } from '../../../src/machines/lifecycles/sms-template.machine';
import { sha256, sixDigitCode } from '../../auth/secrets';
import { ownedTemplate } from '../../sms/templates';
import { createSendTask } from '../../sms/create-task';
import { normalizePhone, supportedCountry } from '../../sms/countries';
import { unix } from '../../lib/time';

// The trial (spec 001 §1, §9): up to 5 phones verified with a code, and a number of free test
// messages (SMS_LIMITS.trialFreeMessages) to those phones only. Codes live 5 minutes, 5 tries,
// another after 60 s. Trial sends are ordinary tasks marked Trial and charged nothing.

const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const MAX_ATTEMPTS = 5;

async function freeUsed(ctx: UserContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<string>`COALESCE(SUM(${channelTasks.totalCount}), 0)` })
    .from(channelTasks)
    .where(
      and(eq(channelTasks.userId, ctx.user.id), eq(channelTasks.channel, smsChannel.id), eq(channelTasks.trial, true)),
    );
  return Number(row.n);
}

async function trialInfo(ctx: UserContext) {
  const phones = await ctx.db
    .select()
    .from(smsTrialPhones)
    .where(eq(smsTrialPhones.userId, ctx.user.id))
    .orderBy(smsTrialPhones.createdAt);
  const used = await freeUsed(ctx);
  return {
    Upgraded: ctx.user.upgraded,
    Phones: phones.map((p) => ({
      Phone: p.phone,
      CountryCode: p.countryCode,
      Verified: p.verifiedAt !== null,
      CreateTime: unix(p.createdAt),
    })),
    MaxPhones: SMS_LIMITS.trialPhones,
    FreeTotal: SMS_LIMITS.trialFreeMessages,
    FreeUsed: used,
    FreeRemaining: Math.max(0, SMS_LIMITS.trialFreeMessages - used),
  };
}

/** Trial phones are kept as the E.164 digits of their country. */
function trialPhone(countryCode: string, phone: string): string {
  const country = supportedCountry(countryCode);
  const e164 = normalizePhone(phone, country.PhonePrefix);
  if (!e164)
    throw new ApiError(RetCode.ValidationError, {}, { Fields: [{ Field: 'Phone', Key: 'validation:phoneInvalid' }] });
  return e164;
}

export const smsTrialHandlers: HandlerMap = {
  async GetUSMSExperientialInfo(_input, ctx) {
    return trialInfo(ctx);
  },

  async AddUSMSExperientialPhone(input, ctx) {
    const phone = trialPhone(input.CountryCode, input.Phone);
    const now = ctx.clock.now();
    const code = sixDigitCode();
    await ctx.db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(smsTrialPhones)
        .where(eq(smsTrialPhones.userId, ctx.user.id))
        .for('update');
      const same = existing.find((p) => p.phone === phone && p.countryCode === input.CountryCode);
      if (same?.verifiedAt) return;
      if (!same && existing.length >= SMS_LIMITS.trialPhones)
        throw new ApiError(RetCode.TrialPhoneLimit, { max: SMS_LIMITS.trialPhones });
      if (same && now.getTime() - same.codeSentAt.getTime() < RESEND_MS) {
        throw new ApiError(RetCode.ResendTooSoon, {
          seconds: Math.ceil((RESEND_MS - (now.getTime() - same.codeSentAt.getTime())) / 1000),
        });
      }
      const values = {
        codeHash: sha256(code),
        codeSentAt: now,
        codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
        attempts: 0,
      };
      if (same) await tx.update(smsTrialPhones).set(values).where(eq(smsTrialPhones.id, same.id));
      else
        await tx
          .insert(smsTrialPhones)
          .values({ userId: ctx.user.id, countryCode: input.CountryCode, phone, createdAt: now, ...values });
    });
    const text =
      ctx.lang === 'zh'
        ? `【Herald】您的测试号码验证码是 ${code}，5 分钟内有效。`
        : `Herald: your test number verification code is ${code}. It expires in 5 minutes.`;
    await ctx.messenger.sendSms(`+${phone}`, text);
    return { ResendAfterSeconds: RESEND_MS / 1000 };
  },

  async VerifyUSMSExperientialPhone(input, ctx) {
    const phone = trialPhone(input.CountryCode, input.Phone);
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .select()
      .from(smsTrialPhones)
      .where(
        and(
          eq(smsTrialPhones.userId, ctx.user.id),
          eq(smsTrialPhones.countryCode, input.CountryCode),
          eq(smsTrialPhones.phone, phone),
        ),
      );
    if (!row) throw new ApiError(RetCode.TrialCodeInvalid);
    if (!row.verifiedAt) {
      if (row.codeExpiresAt <= now || row.attempts >= MAX_ATTEMPTS) throw new ApiError(RetCode.TrialCodeExpired);
      if (row.codeHash !== sha256(input.Code)) {
        await ctx.db
          .update(smsTrialPhones)
          .set({ attempts: sql`${smsTrialPhones.attempts} + 1` })
          .where(eq(smsTrialPhones.id, row.id));
        throw new ApiError(RetCode.TrialCodeInvalid);
      }
      await ctx.db.update(smsTrialPhones).set({ verifiedAt: now }).where(eq(smsTrialPhones.id, row.id));
    }
    return trialInfo(ctx);
  },

  async SendUSMSExperientialMessage(input, ctx) {
    const country = supportedCountry(input.CountryCode);
    const phones = [...new Set(input.Phones.map((p) => trialPhone(input.CountryCode, p)))];
    const verified = await ctx.db
      .select({ phone: smsTrialPhones.phone })
      .from(smsTrialPhones)
      .where(
        and(
          eq(smsTrialPhones.userId, ctx.user.id),
          eq(smsTrialPhones.countryCode, input.CountryCode),
          isNotNull(smsTrialPhones.verifiedAt),
        ),
      );
    const verifiedSet = new Set(verified.map((v) => v.phone));
    if (phones.some((p) => !verifiedSet.has(p))) throw new ApiError(RetCode.TrialPhoneNotVerified);
    const remaining = SMS_LIMITS.trialFreeMessages - (await freeUsed(ctx));
    if (remaining <= 0) throw new ApiError(RetCode.FreeMessagesExceeded);
    if (phones.length > remaining) throw new ApiError(RetCode.TrialRecipientsExceeded, { remaining });
    let content = SMS_TRIAL_SAMPLE_TEXT;
    let templateId = '';
    let templateName = 'Herald sample';
    let variableCount = 0;
    if (input.TemplateId) {
      const template = await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId);
      if (!smsTemplateUsable(template.status)) throw new ApiError(RetCode.TemplateNotUsable);
      if (input.Params.length !== template.variableCount)
        throw new ApiError(RetCode.TemplateParamsMismatch, {
          row: 1,
          given: input.Params.length,
          expected: template.variableCount,
        });
      ({
        content,
        templateId,
        name: templateName,
        variableCount,
      } = {
        content: template.content,
        templateId: template.templateId,
        name: template.name,
        variableCount: template.variableCount,
      });
    }
    const params = variableCount ? input.Params : null;
    const segments = countSmsSegments(renderTemplate(content, params ?? []), country.CountryCode).segments;
    const now = ctx.clock.now();
    const task = await createSendTask(ctx, ctx.user.id, {
      name: ctx.lang === 'zh' ? '试用测试短信' : 'Trial test message',
      templateId,
      templateName,
      content,
      variableCount,
      country,
      senderId: '',
      tags: [],
      projectId: 'default',
      sendType: 'immediate',
      sendAt: now,
      timeZone: ctx.user.timezone || 'UTC',
      trial: true,
      recipients: phones.map((phone) => ({ address: phone, params, segments })),
      invalidCount: 0,
      duplicateCount: input.Phones.length - phones.length,
    });
    return { TaskId: task.taskId, SentCount: phones.length, FreeRemaining: remaining - phones.length };
  },
};
