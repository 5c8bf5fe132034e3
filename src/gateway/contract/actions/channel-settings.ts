import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from './define';
import { emailField } from '../validators';
import { SMS_ALARM_KIND, SMS_ALARM_PERIODS } from '../sms-constants';

// Settings of a sending channel (spec 001 §5, §9; docs/decisions.md "Settings per channel"): the
// delivery-report callback, send-count alarm rules and sending limits. SMS, MMS and voice have the same
// settings under their own Action names; each Action's schema is defined once here and reused by name.

export const alarmKindField = z.union([z.literal(SMS_ALARM_KIND.Warning), z.literal(SMS_ALARM_KIND.Limit)]);
export const countField = z
  .number({ message: 'validation:numberRequired' })
  .int('validation:numberRequired')
  .min(1, 'validation:numberRequired')
  .max(1_000_000_000, 'validation:numberRequired');
export const ruleIdField = z
  .string()
  .trim()
  .regex(/^AR[0-9A-Za-z]{6,40}$/, 'validation:invalid');

const alarmRuleFields = {
  /** 1 warning: an e-mail when the count is reached; 2 limit: the e-mail, and sending is blocked for the rest of the period. */
  Kind: alarmKindField,
  Period: z.enum(SMS_ALARM_PERIODS),
  /** Messages (recipients) sent in the period. */
  Threshold: countField,
  /** Where the alarm goes; the account's own e-mail when empty. */
  Emails: z.array(emailField).max(5).default([]),
  Enabled: z.boolean().default(true),
};

export const alarmRuleData = z.object({
  RuleId: z.string(),
  Kind: z.number(),
  Period: z.enum(SMS_ALARM_PERIODS),
  Threshold: z.number(),
  Emails: z.array(z.string()),
  Enabled: z.boolean(),
  /** Sent in the current period. */
  CurrentCount: z.number(),
  /** Unix seconds of the last alarm e-mail, 0 if none. */
  LastFiredTime: z.number(),
  CreateTime: z.number(),
});

/**
 * Sending limits (spec 001 §5, §9): daily, monthly and total, numbers only; null means no limit.
 * The total must exceed the daily and monthly settings; daily cannot exceed monthly.
 */
const limitShape = z
  .object({
    DailyLimit: countField.nullable(),
    MonthlyLimit: countField.nullable(),
    TotalLimit: countField.nullable(),
    /** Warn by e-mail at this percent of a limit (0: only when a limit blocks). */
    AlarmPercent: z.number().int().min(0).max(100).default(80),
    Emails: z.array(emailField).max(5).default([]),
  })
  .strict()
  .refine((v) => v.DailyLimit === null || v.MonthlyLimit === null || v.DailyLimit <= v.MonthlyLimit, {
    message: 'validation:limitDailyOverMonthly',
    path: ['DailyLimit'],
  })
  .refine(
    (v) =>
      v.TotalLimit === null ||
      ((v.DailyLimit === null || v.TotalLimit > v.DailyLimit) &&
        (v.MonthlyLimit === null || v.TotalLimit > v.MonthlyLimit)),
    {
      message: 'validation:limitTotalTooLow',
      path: ['TotalLimit'],
    },
  );

export const limitRuleData = z.object({
  DailyLimit: z.number().nullable(),
  MonthlyLimit: z.number().nullable(),
  TotalLimit: z.number().nullable(),
  AlarmPercent: z.number(),
  Emails: z.array(z.string()),
  /** Sent today, this month and ever (valid recipients of non-trial tasks). */
  DailyCount: z.number(),
  MonthlyCount: z.number(),
  TotalCount: z.number(),
  Configured: z.boolean(),
});

export const callbackData = z.object({
  /** "" when no address is set. */
  Url: z.string(),
  Enabled: z.boolean(),
  /**
   * The signing secret, `whsec_` + base64 (Standard Webhooks), in full only in the Set…Callback reply
   * that issues it (the first address saved, or RotateSecret); "" everywhere else.
   */
  Secret: z.string(),
  /** The secret's last four characters, so a user can tell which one their receiver has. */
  SecretEnd: z.string(),
  /** Why Herald turned it off (e.g. the receiver answered 410); empty otherwise. */
  DisabledReason: z.string(),
  LastDeliveryTime: z.number(),
  /** HTTP status of the last attempt, 0 if none or no answer. */
  LastStatus: z.number(),
});

const setCallbackInput = z
  .object({
    Url: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(2000)
        .url('validation:callbackUrlInvalid')
        .regex(/^https?:\/\//i, 'validation:callbackUrlInvalid'),
    ]),
    Enabled: z.boolean().default(true),
    RotateSecret: z.boolean().default(false),
  })
  .strict();

/** One definition per settings Action, shared by the channels below. */
const createAlarmRule = defineAction('user', z.object(alarmRuleFields).strict(), z.object({ RuleId: z.string() }));
const updateAlarmRule = defineAction('user', z.object({ RuleId: ruleIdField, ...alarmRuleFields }).strict(), emptyData);
const deleteAlarmRule = defineAction('user', z.object({ RuleId: ruleIdField }).strict(), emptyData);
const describeAlarmRules = defineAction('user', emptyInput, z.object({ Rules: z.array(alarmRuleData) }));
export const saveLimitRule = defineAction('user', limitShape, limitRuleData);
export const getLimitRule = defineAction('user', emptyInput, limitRuleData);
const getCallback = defineAction('user', emptyInput, callbackData);
/**
 * Url "" removes the address. An address must be http(s) and resolve only to public addresses
 * (refused otherwise with CallbackAddressRefused). RotateSecret issues a new signing secret.
 */
const setCallback = defineAction('user', setCallbackInput, callbackData);

export const smsChannelSettingsActions = {
  CreateUSMSSendCountAlarmRule: createAlarmRule,
  UpdateUSMSSendCountAlarmRule: updateAlarmRule,
  DeleteUSMSSendCountAlarmRule: deleteAlarmRule,
  DescribeUSMSSendCountAlarmRule: describeAlarmRules,
  CreateUSMSLimitAlarmRule: saveLimitRule,
  UpdateUSMSLimitAlarmRule: saveLimitRule,
  GetUSMSLimitAlarmRule: getLimitRule,
  GetUSMSCallback: getCallback,
  SetUSMSCallback: setCallback,
} as const;

/** MMS settings (/mms/setting): Herald's names, in the spirit of the SMS ones. */
export const mmsSettingsActions = {
  CreateUMMSSendCountAlarmRule: createAlarmRule,
  UpdateUMMSSendCountAlarmRule: updateAlarmRule,
  DeleteUMMSSendCountAlarmRule: deleteAlarmRule,
  DescribeUMMSSendCountAlarmRule: describeAlarmRules,
  CreateUMMSLimitAlarmRule: saveLimitRule,
  UpdateUMMSLimitAlarmRule: saveLimitRule,
  GetUMMSLimitAlarmRule: getLimitRule,
  GetUMMSCallback: getCallback,
  SetUMMSCallback: setCallback,
} as const;

/** Voice settings (/vms/overview): counts are called numbers. */
export const vmsSettingsActions = {
  CreateUVMSSendCountAlarmRule: createAlarmRule,
  UpdateUVMSSendCountAlarmRule: updateAlarmRule,
  DeleteUVMSSendCountAlarmRule: deleteAlarmRule,
  DescribeUVMSSendCountAlarmRule: describeAlarmRules,
  CreateUVMSLimitAlarmRule: saveLimitRule,
  UpdateUVMSLimitAlarmRule: saveLimitRule,
  GetUVMSLimitAlarmRule: getLimitRule,
  GetUVMSCallback: getCallback,
  SetUVMSCallback: setCallback,
} as const;

/** WhatsApp settings (/whatsapp/setting): status-report callback, alarms and limits (docs/decisions.md "WhatsApp settings and template replies"). */
export const whatsappSettingsActions = {
  CreateWhatsAppSendCountAlarmRule: createAlarmRule,
  UpdateWhatsAppSendCountAlarmRule: updateAlarmRule,
  DeleteWhatsAppSendCountAlarmRule: deleteAlarmRule,
  DescribeWhatsAppSendCountAlarmRule: describeAlarmRules,
  CreateWhatsAppLimitAlarmRule: saveLimitRule,
  UpdateWhatsAppLimitAlarmRule: saveLimitRule,
  GetWhatsAppLimitAlarmRule: getLimitRule,
  GetWhatsAppCallback: getCallback,
  SetWhatsAppCallback: setCallback,
} as const;
