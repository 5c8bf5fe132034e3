// Every status code of the contract, defined once (issue 9, item 7). The console, the server and the
// lifecycle machines (src/machines/lifecycles) all import these; a lifecycle maps its states onto them.
// No imports: the lifecycles may depend on this file and nothing else of the contract (eslint.config.js).

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

/** Export status (spec 001 §4: submitted, processing, failed, completed). */
export const SMS_EXPORT_STATUS = { Submitted: 0, Processing: 1, Failed: 2, Completed: 3 } as const;
export type SmsExportStatus = (typeof SMS_EXPORT_STATUS)[keyof typeof SMS_EXPORT_STATUS];

/** Purchase record status: 1 active (also a renewal queued after the current period), 2 expired, 3 replaced by an upgrade, 4 refunded. */
export const RECORD_STATUS = { Active: 1, Expired: 2, Upgraded: 3, Refunded: 4 } as const;

/** Spec 001 §4 billing state. */
export const BILL_STATUS = { Success: 1, Failed: 2 } as const;

/** Ticket status (spec 001 §4); the ticket lifecycle's states carry these names. */
export const TICKET_STATUSES = ['inReview', 'pending', 'onHold', 'solved', 'closed'] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];

/**
 * Voice file status (spec 001 §4): 1 Processing (transcoding to WAV), 2 Success, 3 Failed (with the
 * reason). 4 Deleted is Herald's: a deleted file is never listed (docs/decisions.md, "Voice audio files").
 */
export const VOICE_AUDIO_STATUS = { Processing: 1, Success: 2, Failed: 3, Deleted: 4 } as const;
export type VoiceAudioStatus = (typeof VOICE_AUDIO_STATUS)[keyof typeof VOICE_AUDIO_STATUS];

/**
 * Voice template status (spec 001 §4): 1 draft, 2 waitCheck, 3 ucProcessing, 4 ucPass, 5 ucReject,
 * 6 auditProcessing, 7 auditPass (the only usable one), 8 auditReject, 9 disabled, 10 delete.
 */
export const VOICE_TEMPLATE_STATUS = {
  Draft: 1,
  WaitCheck: 2,
  UcProcessing: 3,
  UcPass: 4,
  UcReject: 5,
  AuditProcessing: 6,
  AuditPass: 7,
  AuditReject: 8,
  Disabled: 9,
  Deleted: 10,
} as const;
export type VoiceTemplateStatus = (typeof VOICE_TEMPLATE_STATUS)[keyof typeof VOICE_TEMPLATE_STATUS];

/**
 * Voice task status (spec 001 §4): 1 Pending Review, 2 Wait Submit, 3 Submitting, 4 Submit Success,
 * 5 Failed, 6 Deleted, 7 Reject, 8 and 10 Checking, 9 Cancel, 11 Parsing, 12 Parse failure. Herald
 * reads 8 as the content check and 10 as the audit (docs/decisions.md "Voice task lifecycle").
 */
export const VOICE_TASK_STATUS = {
  PendingReview: 1,
  WaitSubmit: 2,
  Submitting: 3,
  SubmitSuccess: 4,
  Failed: 5,
  Deleted: 6,
  Reject: 7,
  Checking: 8,
  Cancel: 9,
  AuditChecking: 10,
  Parsing: 11,
  ParseFailure: 12,
} as const;
export type VoiceTaskStatus = (typeof VOICE_TASK_STATUS)[keyof typeof VOICE_TASK_STATUS];

// E-mail domains and senders (docs/decisions.md "E-mail domains and senders").
/** Domain verify status (spec 001 §4: unverified, passed, failed), also each DNS record's status. */
export const EMAIL_DOMAIN_STATUS = { Unverified: 0, Passed: 1, Failed: 2, Deleted: 3 } as const;
export type EmailDomainStatus = (typeof EMAIL_DOMAIN_STATUS)[keyof typeof EMAIL_DOMAIN_STATUS];

/** A failed domain's secondary code: never verified yet (editable), or verified before (not editable). */
export const EMAIL_DOMAIN_FAILED_SUB = { NeverVerified: 0, VerifiedBefore: 1 } as const;

/** Sender status (spec 001 §4: disabled, enabled, deleted). */
export const EMAIL_SENDER_STATUS = { Disabled: 0, Enabled: 1, Deleted: 2 } as const;
export type EmailSenderStatus = (typeof EMAIL_SENDER_STATUS)[keyof typeof EMAIL_SENDER_STATUS];
/** Spec 001 §4 lists the template statuses in this order; Herald numbers them from 0 like the e-mail task's. */
export const EMAIL_TEMPLATE_STATUS = {
  Draft: 0,
  PendingReview: 1,
  InReview: 2,
  Passed: 3,
  Rejected: 4,
  Disabled: 5,
  Deleted: 6,
  Expired: 7,
} as const;
export type EmailTemplateStatus = (typeof EMAIL_TEMPLATE_STATUS)[keyof typeof EMAIL_TEMPLATE_STATUS];

/** Workflow status (spec 001 §4 "Workflow": 0 Draft, 1 Submitted, 2 Running, 3 Paused); 9 is Herald's deleted. */
export const WORKFLOW_STATUS = { Draft: 0, Submitted: 1, Running: 2, Paused: 3, Deleted: 9 } as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUS)[keyof typeof WORKFLOW_STATUS];

/** A contact's run through a journey (spec 001 §4 "Sequence": 0 Scheduled … 5 Expired). */
export const SEQUENCE_STATUS = { Scheduled: 0, Queued: 1, Completed: 2, Paused: 3, Failed: 4, Expired: 5 } as const;
export type SequenceStatus = (typeof SEQUENCE_STATUS)[keyof typeof SEQUENCE_STATUS];

/** Marketing plan status (spec 001 §4 "1 Draft, 2 Submitted, 3 Applied"); 9 Deleted is Herald's. */
export const MKT_PLAN_STATUS = { Draft: 1, Submitted: 2, Applied: 3, Deleted: 9 } as const;
export type MktPlanStatus = (typeof MKT_PLAN_STATUS)[keyof typeof MKT_PLAN_STATUS];

/** Campaign status (Herald's: the spec names none): 1 Saved (ready to apply), 2 Applied (its task made), 9 Deleted. */
export const CAMPAIGN_STATUS = { Saved: 1, Applied: 2, Deleted: 9 } as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUS)[keyof typeof CAMPAIGN_STATUS];

/** Telegram post status (spec 001 §4 "0 and 4 Draft, 1 Submitted, 2 Sending, 3 Completed"); 9 is Herald's. */
export const TG_POST_STATUS = { Draft: 0, Submitted: 1, Sending: 2, Completed: 3, DraftCopy: 4, Deleted: 9 } as const;

/** E-mail task status (spec 001 §4, 0-11): the SMS codes 0-10 and Draft 11. */
export const EMAIL_TASK_STATUS = {
  PendingReview: 0,
  Waiting: 1,
  Sending: 2,
  Completed: 3,
  Failed: 4,
  Deleted: 5,
  Rejected: 6,
  PendingManualReview: 7,
  Cancelled: 8,
  InReview: 9,
  Parsing: 10,
  Draft: 11,
} as const;
export type EmailTaskStatus = (typeof EMAIL_TASK_STATUS)[keyof typeof EMAIL_TASK_STATUS];

/** The e-mail task list's status filter groups (spec 001 §4): 0,1,7,9 / 2 / 3 / 4,5,6 / 8 / 10 / 11. */
export const EMAIL_TASK_FILTER_GROUPS = {
  notStarted: [0, 1, 7, 9],
  sending: [2],
  completed: [3],
  failed: [4, 5, 6],
  cancelled: [8],
  parsing: [10],
  draft: [11],
} as const satisfies Record<string, readonly EmailTaskStatus[]>;
export type EmailTaskFilterGroup = keyof typeof EMAIL_TASK_FILTER_GROUPS;

/** Per-recipient e-mail results (spec 001 §4); `pending` is Herald's: queued or in the retry back-off. */
export const EMAIL_MESSAGE_RESULTS = [
  'pending',
  'unknown',
  'deliver',
  'invalid',
  'soft_bounce',
  'submit_fail',
] as const;
export type EmailMessageResult = (typeof EMAIL_MESSAGE_RESULTS)[number];

/** Ad account status, 1-9 (spec 001 §4). */
export const AD_ACCOUNT_STATUS = {
  Normal: 1,
  Closed: 2,
  AccountClosure: 3,
  Empty: 4,
  Outstanding: 5,
  PendingReview: 6,
  PendingClosure: 7,
  GracePeriod: 8,
  TemporarilyUnavailable: 9,
} as const;
export type AdAccountStatus = (typeof AD_ACCOUNT_STATUS)[keyof typeof AD_ACCOUNT_STATUS];

/** Ad recharge application status, 0-5 (spec 001 §4). */
export const AD_RECHARGE_STATUS = {
  Pending: 0,
  AgentSuccess: 1,
  AgentFailed: 2,
  PendingRebate: 3,
  RebateSuccess: 4,
  RebateFailed: 5,
} as const;
export type AdRechargeStatus = (typeof AD_RECHARGE_STATUS)[keyof typeof AD_RECHARGE_STATUS];

/**
 * Ad opening application status: spec 001 §4's Twitter opening codes (0 pending opening, 1 opened,
 * 2 failed, 3 pending review), used for every platform (docs/decisions.md "Advertising").
 */
export const AD_OPENING_STATUS = { PendingOpening: 0, Opened: 1, Failed: 2, PendingReview: 3 } as const;
export type AdOpeningStatus = (typeof AD_OPENING_STATUS)[keyof typeof AD_OPENING_STATUS];

/**
 * Smart inbox message status (spec 001 §4 "Unread, Favorited, Archived, Replied, Reviewed"): four are a
 * lifecycle; Favorited is a mark a message carries in any of them (docs/decisions.md "Smart inbox").
 */
export const INBOX_STATUS = { Unread: 1, Reviewed: 2, Replied: 3, Archived: 4 } as const;
export type InboxStatus = (typeof INBOX_STATUS)[keyof typeof INBOX_STATUS];

/** Social post status (spec 001 §4): 1 Success, 2 Failed, 3 Draft, 4 Scheduled, 5 Canceled, 6 Submitted. */
export const SOCIAL_POST_STATUS = { Success: 1, Failed: 2, Draft: 3, Scheduled: 4, Canceled: 5, Submitted: 6 } as const;
export type SocialPostStatus = (typeof SOCIAL_POST_STATUS)[keyof typeof SOCIAL_POST_STATUS];

/** WhatsApp template statuses (spec 001 §4; docs/decisions.md "WhatsApp templates"), stored as WhatsApp spells them. */
export const WA_TEMPLATE_STATUS = {
  APPROVED: 'APPROVED',
  PENDING: 'PENDING',
  PENDING_DELETION: 'PENDING_DELETION',
  DISABLED: 'DISABLED',
  IN_APPEAL: 'IN_APPEAL',
  REJECTED: 'REJECTED',
  DELETED: 'DELETED',
  PAUSED: 'PAUSED',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
} as const;

/** An ad operation record (docs/decisions.md "Ad operations and data report"): 0 Pending, 1 Success, 2 Failed. */
export const AD_OPERATION_STATUS = { Pending: 0, Success: 1, Failed: 2 } as const;
export type AdOperationStatus = (typeof AD_OPERATION_STATUS)[keyof typeof AD_OPERATION_STATUS];
/** Spec 001 §4: the agent task's stored status codes. */
export const WA_AGENT_STATUS = {
  WaitForSend: 1,
  Analyzing: 2,
  Analyzed: 3,
  Sending: 4,
  SendOver: 5,
  TaskFailed: 6,
  Cancel: 7,
} as const;
export type WaAgentStatus = (typeof WA_AGENT_STATUS)[keyof typeof WA_AGENT_STATUS];
