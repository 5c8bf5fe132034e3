// Codes and limits of the SMS area (spec 001 §3-§9) that views need without loading the schemas.
// The lifecycle machines in src/machines/lifecycles/sms-*.machine.ts name the same numbers; a test
// (tests/models/sms-task.machine.test.ts) keeps the two in step.

/** SMS task status, 0-10 (spec 001 §4). */
export const SMS_TASK_STATUS = {
  Pending: 0,
  Waiting: 1,
  Processing: 2,
  Complete: 3,
  Failed: 4,
  Deleted: 5,
  Rejected: 6,
  PendingManualReview: 7,
  Cancelled: 8,
  InReview: 9,
  Parsing: 10,
} as const;
export type SmsTaskStatusName = keyof typeof SMS_TASK_STATUS;
export type SmsTaskStatus = (typeof SMS_TASK_STATUS)[SmsTaskStatusName];

/** Task result state (spec 001 §4); 0 until the task starts sending. */
export const SMS_TASK_RESULT_STATE = { None: 0, SubmitSuccess: 1, Process: 2, Fail: 3, Success: 4 } as const;
export type SmsTaskResultState = (typeof SMS_TASK_RESULT_STATE)[keyof typeof SMS_TASK_RESULT_STATE];

/** Per-message result (spec 001 §4). `Pending` is Herald's: queued or submitted, no report yet. */
export const SMS_MESSAGE_RESULTS = ['Pending', 'Unknown', 'Success', 'Fail', 'SubmitFail'] as const;
export type SmsMessageResult = (typeof SMS_MESSAGE_RESULTS)[number];

/** SMS template status (not shown in the spec: decided in docs/decisions.md, "SMS"). */
export const SMS_TEMPLATE_STATUS = { PendingReview: 0, InReview: 1, Passed: 2, Rejected: 3, Deleted: 4 } as const;
export type SmsTemplateStatus = (typeof SMS_TEMPLATE_STATUS)[keyof typeof SMS_TEMPLATE_STATUS];

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

/** Export status (spec 001 §4: submitted, processing, failed, completed). */
export const SMS_EXPORT_STATUS = { Submitted: 0, Processing: 1, Failed: 2, Completed: 3 } as const;
export type SmsExportStatus = (typeof SMS_EXPORT_STATUS)[keyof typeof SMS_EXPORT_STATUS];

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
