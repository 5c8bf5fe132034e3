import { z } from 'zod';
import { defineAction, emptyData } from './define';
import {
  countData,
  pageFields,
  smsCountryField,
  smsMessageResultField,
  smsTagField,
  smsTaskIdField,
  smsTaskStatusField,
  smsTemplateIdField,
  timeRange,
  unixSeconds,
} from './sms-common';
import { taskAudienceData } from '../audience/send-audience';
import { SMS_COMPARE_DAYS, SMS_GRANULARITIES, SMS_LIMITS } from '../sms-constants';

export const smsTaskData = countData.extend({
  TaskId: z.string(),
  /** The route /sms/task/{taskId}/{accountId}/{sessionNo}. */
  SessionNo: z.string(),
  AccountId: z.number(),
  TaskName: z.string(),
  TemplateId: z.string(),
  TemplateName: z.string(),
  Content: z.string(),
  CountryCode: z.string(),
  SenderId: z.string(),
  Tags: z.array(z.string()),
  ProjectId: z.string(),
  SendType: z.enum(['immediate', 'scheduled']),
  /** Unix seconds: when sending starts (or started). */
  SendTime: z.number(),
  TimeZone: z.string(),
  /** SMS_TASK_STATUS 0-10 */
  Status: z.number(),
  /** SMS_TASK_RESULT_STATE */
  ResultState: z.number(),
  /** A free trial task (SendUSMSExperientialMessage). */
  Trial: z.boolean(),
  Segments: z.number(),
  EstimatedCost: z.number(),
  /** Charged so far, integer units. */
  Cost: z.number(),
  /** The list or segment the task was sent to; null for numbers and files. */
  Audience: taskAudienceData.nullable(),
  /** Audience sends: contacts skipped as suppressed (unsubscribed) on the channel. */
  SuppressedCount: z.number(),
  /** Audience sends: contacts skipped for having no number of the task's country. */
  NoAddressCount: z.number(),
  /** Why the task failed or was rejected; empty otherwise. */
  Reason: z.string(),
  CreateTime: z.number(),
  /** 0 until the task ends. */
  FinishTime: z.number(),
});
export type SmsTask = z.infer<typeof smsTaskData>;

export const smsRecordData = z.object({
  RecordId: z.string(),
  TaskId: z.string(),
  SessionNo: z.string(),
  TaskName: z.string(),
  Phone: z.string(),
  CountryCode: z.string(),
  Content: z.string(),
  Segments: z.number(),
  Result: smsMessageResultField,
  /** The carrier's code ("" while pending or on success). */
  ErrorCode: z.string(),
  ErrorDescription: z.string(),
  SubmitTime: z.number(),
  ReportTime: z.number(),
  Cost: z.number(),
  /** Voice records: the call's duration in seconds, once reported. */
  CallSeconds: z.number().optional(),
});
export type SmsRecord = z.infer<typeof smsRecordData>;

export const recordFilters = {
  TaskId: smsTaskIdField.optional(),
  Phone: z
    .string()
    .trim()
    .regex(/^\+?\d{1,20}$/, 'validation:phoneInvalid')
    .optional(),
  Result: z.array(smsMessageResultField).max(5).optional(),
  CountryCode: smsCountryField.optional(),
  TemplateId: smsTemplateIdField.optional(),
  ErrorCode: z.string().trim().max(32).optional(),
};

export const statsPoint = z.object({
  /** Unix seconds: start of the day, ISO week (Monday) or month, in TimeZone. */
  Time: z.number(),
  /** YYYY-MM-DD of that start. */
  Label: z.string(),
  Submit: z.number(),
  Success: z.number(),
  Fail: z.number(),
  Unknown: z.number(),
  SubmitFail: z.number(),
  Segments: z.number(),
  Cost: z.number(),
  SuccessRate: z.number(),
});
export const statsTotals = statsPoint.omit({ Time: true, Label: true });

/** Statistics of a phone channel's sends (SMS, MMS: the same shapes, docs/decisions.md "MMS"). */
export const sendStatisticsInput = timeRange({
  Granularity: z.enum(SMS_GRANULARITIES).default('day'),
  CompareDays: z
    .union(SMS_COMPARE_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, z.ZodLiteral<15>, z.ZodLiteral<30>])
    .optional(),
  CountryCode: smsCountryField.optional(),
  TimeZone: z.string().trim().max(64).default('UTC'),
});

export const sendStatisticsData = z.object({
  Points: z.array(statsPoint),
  Totals: statsTotals,
  Compare: z
    .object({ BeginTime: z.number(), EndTime: z.number(), Points: z.array(statsPoint), Totals: statsTotals })
    .nullable(),
});

export const receiptCodeInput = timeRange({
  CountryCode: smsCountryField.optional(),
  TaskId: smsTaskIdField.optional(),
});

export const receiptCodeData = z.object({
  Total: z.number(),
  Codes: z.array(
    z.object({
      ErrorCode: z.string(),
      Description: z.string(),
      Result: smsMessageResultField,
      Count: z.number(),
      Ratio: z.number(),
    }),
  ),
});

export const exportStatusData = z.object({
  ExportId: z.string(),
  ExportName: z.string(),
  BeginTime: z.number(),
  EndTime: z.number(),
  /** SMS_EXPORT_STATUS: 0 submitted, 1 processing, 2 failed, 3 completed. */
  Status: z.number(),
  RowCount: z.number(),
  FileName: z.string(),
  Reason: z.string(),
  CreateTime: z.number(),
  FinishTime: z.number(),
});

const exportIdField = z
  .string()
  .trim()
  .regex(/^EX[0-9A-Za-z]{6,40}$/, 'validation:invalid');

/**
 * The three export Actions of a channel's send records (SMS, MMS, voice: docs/decisions.md "Exports by
 * channel"): start one for the filters, list them, download a completed one's CSV (binary path).
 */
export function recordExportActions<Shape extends z.ZodRawShape>(filters: Shape) {
  return {
    start: defineAction(
      'user',
      timeRange({ ...filters, ExportName: z.string().trim().min(1).max(64).optional() }),
      z.object({ ExportId: z.string(), Status: z.number() }),
    ),
    list: defineAction(
      'user',
      z.object({ ...pageFields }).strict(),
      z.object({ Total: z.number(), Exports: z.array(exportStatusData) }),
    ),
    file: defineAction('user', z.object({ ExportId: exportIdField }).strict(), emptyData, { reply: 'file' }),
  };
}

const smsExportActions = recordExportActions(recordFilters);

export const smsRecordActions = {
  /** The task list (/sms/message): filters and paging, newest first. Deleted tasks are not listed. */
  GetUSMSSendTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        TaskId: smsTaskIdField.optional(),
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(smsTaskStatusField).max(11).optional(),
        Tag: smsTagField.optional(),
        BeginTime: unixSeconds.optional(),
        EndTime: unixSeconds.optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(smsTaskData) }),
  ),
  /** Live status and counts of a few tasks (the list and detail poll it). */
  DescribeUSMSTaskStatus: defineAction(
    'user',
    z.object({ TaskIds: z.array(smsTaskIdField).min(1).max(100) }).strict(),
    z.object({
      Tasks: z.array(
        countData.extend({
          TaskId: z.string(),
          Status: z.number(),
          ResultState: z.number(),
          Cost: z.number(),
          FinishTime: z.number(),
        }),
      ),
    }),
  ),
  /** One task's detail with counts and its error-code breakdown. */
  DescribeUSMSSendTaskStatistics: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({
      Task: smsTaskData,
      ErrorCodes: z.array(z.object({ ErrorCode: z.string(), Description: z.string(), Count: z.number() })),
    }),
  ),
  /** Send records (/sms/search): server-side paging, newest first. */
  GetUSMSSendRecord: defineAction(
    'user',
    timeRange({ ...pageFields, ...recordFilters }),
    z.object({ Total: z.number(), Records: z.array(smsRecordData) }),
  ),
  /** Starts an export of the records the filters select (a job); answers at once with its id. */
  AddUSMSExportSendRecordTask: smsExportActions.start,
  GetUSMSExportSendRecord: smsExportActions.list,
  /** Answers the CSV file itself (binary path), only when the export is completed. */
  GetUSMSExportSendRecordFile: smsExportActions.file,
  /** Sends over time by day, week or month, with an optional comparison window shifted back 7, 15 or 30 days. */
  GetUSMSSendStatistics: defineAction('user', sendStatisticsInput, sendStatisticsData),
  /** Error-code breakdown of failed messages in a range. */
  GetUSMSSendReceiptCodeStatistics: defineAction('user', receiptCodeInput, receiptCodeData),
} as const;

export const SMS_EXPORT_MAX_ROWS = SMS_LIMITS.maxRecipients * 10;
