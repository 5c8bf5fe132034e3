import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from './define';
import { emailField } from '../validators';
import { SMS_ALARM_PERIODS } from '../sms-constants';
import { alarmKindField, countField, getLimitRule, ruleIdField, saveLimitRule } from './channel-settings';
import { emailTemplateIdField } from './email-templates';
import { sendSenderField } from './email-send';

// E-mail sending limits and alert thresholds (spec 001 §9; issue 13 item 7; docs/decisions.md
// "E-mail limits and alerts"). The limits are the phone channels' (daily, monthly, total; one row per
// account and channel); the alert rules are their send-count alarm rules with a metric: trigger, batch or
// total request counts, or a block or spam rate in percent over the period's results.

export const EMAIL_ALERT_METRICS = ['trigger', 'batch', 'total', 'blockRate', 'spamRate'] as const;
export type EmailAlertMetric = (typeof EMAIL_ALERT_METRICS)[number];
export const EMAIL_RATE_METRICS: readonly EmailAlertMetric[] = ['blockRate', 'spamRate'];

const alertRuleShape = z
  .object({
    Metric: z.enum(EMAIL_ALERT_METRICS),
    /** 1 warning: an alert when reached; 2 limit: the alert, and new sends are refused for the rest of the period. */
    Kind: alarmKindField,
    Period: z.enum(SMS_ALARM_PERIODS),
    /** A count (requests = recipients accepted), or a percent 0-100 for the rate metrics. */
    Threshold: z.number({ message: 'validation:numberRequired' }),
    Emails: z.array(emailField).max(5).default([]),
    Enabled: z.boolean().default(true),
  })
  .strict();

type AlertRuleShape = z.infer<typeof alertRuleShape>;

/** A rate is a percent 0-100; a count a positive integer (the phone channels' count rule). */
const thresholdFits = (v: AlertRuleShape): boolean =>
  EMAIL_RATE_METRICS.includes(v.Metric)
    ? Number.isFinite(v.Threshold) && v.Threshold >= 0 && v.Threshold <= 100
    : countField.safeParse(v.Threshold).success;

const thresholdIssue = { message: 'validation:emailAlertThresholdInvalid', path: ['Threshold'] };

const createAlertInput = alertRuleShape.refine(thresholdFits, thresholdIssue);
const updateAlertInput = alertRuleShape.extend({ RuleId: ruleIdField }).strict().refine(thresholdFits, thresholdIssue);

export const emailAlertRuleData = z.object({
  RuleId: z.string(),
  Metric: z.enum(EMAIL_ALERT_METRICS),
  Kind: z.number(),
  Period: z.enum(SMS_ALARM_PERIODS),
  Threshold: z.number(),
  Emails: z.array(z.string()),
  Enabled: z.boolean(),
  /** The metric now: a count, or a percent with two decimals. */
  CurrentValue: z.number(),
  LastFiredTime: z.number(),
  CreateTime: z.number(),
});

/** Trigger (API) send: one recipient of a trigger template, its variables in template order. */
export const sendEmailInput = z
  .object({
    TemplateId: emailTemplateIdField,
    SenderId: sendSenderField,
    Email: emailField,
    Variables: z.array(z.string().max(1000)).max(50).default([]),
  })
  .strict();

export const emailLimitActions = {
  CreateEmailLimitAlarmRule: saveLimitRule,
  UpdateEmailLimitAlarmRule: saveLimitRule,
  GetEmailLimitAlarmRule: getLimitRule,
  CreateEmailAlertRule: defineAction('user', createAlertInput, z.object({ RuleId: z.string() })),
  UpdateEmailAlertRule: defineAction('user', updateAlertInput, emptyData),
  DeleteEmailAlertRule: defineAction('user', z.object({ RuleId: ruleIdField }).strict(), emptyData),
  DescribeEmailAlertRule: defineAction('user', emptyInput, z.object({ Rules: z.array(emailAlertRuleData) })),
  /** Sends a trigger template to one address at once (usable with an access key); counted as a trigger request. */
  SendEmail: defineAction('user', sendEmailInput, z.object({ TaskId: z.string(), SessionNo: z.string() })),
} as const;
