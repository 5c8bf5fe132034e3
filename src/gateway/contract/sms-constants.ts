// Codes and limits of the SMS area (spec 001 §3-§9) that views need without loading the schemas.
// The status codes are defined once in ./statuses (the lifecycle machines import them from there).
export {
  SMS_EXPORT_STATUS,
  SMS_MESSAGE_RESULTS,
  SMS_TASK_RESULT_STATE,
  SMS_TASK_STATUS,
  SMS_TEMPLATE_STATUS,
  type SmsExportStatus,
  type SmsMessageResult,
  type SmsTaskResultState,
  type SmsTaskStatus,
  type SmsTaskStatusName,
  type SmsTemplateStatus,
} from './statuses';

/** Template purpose: the same numbering as e-mail types (spec 000 §3: common 0, verification 1, notify 2, market 3). */
export const SMS_TEMPLATE_PURPOSE = { General: 0, VerificationCode: 1, Notification: 2, Marketing: 3 } as const;
export type SmsTemplatePurpose = (typeof SMS_TEMPLATE_PURPOSE)[keyof typeof SMS_TEMPLATE_PURPOSE];

export const SMS_TEMPLATE_LANGUAGES = [
  'en',
  'zh',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'ru',
  'ar',
  'ja',
  'ko',
  'ms',
  'id',
  'th',
  'vi',
  'tr',
  'hi',
] as const;
export type SmsTemplateLanguage = (typeof SMS_TEMPLATE_LANGUAGES)[number];

/** Warning and limit alert kinds 1 and 2 (spec 001 §9). */
export const SMS_ALARM_KIND = { Warning: 1, Limit: 2 } as const;
export type SmsAlarmKind = (typeof SMS_ALARM_KIND)[keyof typeof SMS_ALARM_KIND];
export const SMS_ALARM_PERIODS = ['day', 'month'] as const;

export const SMS_LIMITS = {
  /** spec 001 §5: up to 100,000 recipients recommended per file; Herald caps a task there. */
  maxRecipients: 100_000,
  /** spec 001 §9: trial targets, 5 phones. */
  trialPhones: 5,
  /** Free trial messages per account (not shown in the spec; docs/decisions.md). */
  trialFreeMessages: 20,
  senderIdMin: 3,
  senderIdMax: 11,
  templateNameMax: 64,
  templateContentMax: 1000,
  campaignNameMax: 64,
  tagMax: 32,
  tagsPerTask: 10,
  /** Body limit of AddUSMSSendTask: 100,000 numbers do not fit the ordinary 1 MiB. */
  sendTaskBodyBytes: 8 * 1_048_576,
  maxPageSize: 500,
} as const;

/** Analytics comparison windows in days (spec 001 §9). */
export const SMS_COMPARE_DAYS = [7, 15, 30] as const;
export const SMS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type SmsGranularity = (typeof SMS_GRANULARITIES)[number];

/** What a free trial message says when no approved template is chosen (/experience shows it before sending). */
export const SMS_TRIAL_SAMPLE_TEXT = 'Herald test message: your SMS setup works. Reply STOP to opt out.';

/** A channel's success rate: delivered over finished, a percentage with two decimals (0 when nothing finished). */
export function successRate(success: number, finished: number): number {
  return finished > 0 ? Math.round((success / finished) * 10_000) / 100 : 0;
}
