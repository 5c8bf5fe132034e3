import { z } from 'zod';
import { defineAction } from './define';
import { smsTaskIdField, timeRange } from './sms-common';
import { recordExportActions, statsPoint } from './sms-records';
import { EMAIL_MESSAGE_RESULTS } from '../statuses';
import { SMS_COMPARE_DAYS, SMS_GRANULARITIES } from '../sms-constants';

// E-mail statistics, records exports and trace statistics over a range (issue 13 items 4 and 6;
// /email/overview, /email/analytics, /email/search). Named after the SMS and MMS ones
// (docs/decisions.md "E-mail statistics").

/** A range in the account's days, weeks or months, with a comparison window 7, 15 or 30 days back. */
const statisticsWindow = {
  Granularity: z.enum(SMS_GRANULARITIES).default('day'),
  CompareDays: z
    .union(SMS_COMPARE_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, z.ZodLiteral<15>, z.ZodLiteral<30>])
    .optional(),
  TimeZone: z.string().trim().max(64).default('UTC'),
};

export const emailStatisticsInput = timeRange(statisticsWindow);

/**
 * The phone channels' point (Success = deliver, Fail = invalid + soft_bounce, Unknown, SubmitFail,
 * SuccessRate = the delivery rate) with the two bounce kinds apart.
 */
const emailStatsPoint = statsPoint.extend({ Invalid: z.number(), SoftBounce: z.number() });
const emailStatsTotals = emailStatsPoint.omit({ Time: true, Label: true });

export const emailStatisticsData = z.object({
  Points: z.array(emailStatsPoint),
  Totals: emailStatsTotals,
  Compare: z
    .object({
      BeginTime: z.number(),
      EndTime: z.number(),
      Points: z.array(emailStatsPoint),
      Totals: emailStatsTotals,
    })
    .nullable(),
});

/** Spec 001 §3 trace statistics of the mails sent in a bucket (whenever they were opened). */
const tracePoint = z.object({
  Time: z.number(),
  Label: z.string(),
  Delivered: z.number(),
  Opens: z.number(),
  UniqueOpens: z.number(),
  Clicks: z.number(),
  UniqueClicks: z.number(),
  Unsubscribes: z.number(),
  /** Unique opens per delivered mail, percent with two decimals, at most 100. */
  ReadingConversion: z.number(),
});
const traceTotals = tracePoint.omit({ Time: true, Label: true });

export const emailTraceStatisticsData = z.object({
  Points: z.array(tracePoint),
  Totals: traceTotals,
  Compare: z
    .object({ BeginTime: z.number(), EndTime: z.number(), Points: z.array(tracePoint), Totals: traceTotals })
    .nullable(),
});

/** The filters of /email/search, shared by its records read and its exports. */
export const emailRecordFilters = {
  TaskId: smsTaskIdField.optional(),
  Email: z.string().trim().max(320).optional(),
  Result: z.array(z.enum(EMAIL_MESSAGE_RESULTS)).max(6).optional(),
};

const emailExportActions = recordExportActions(emailRecordFilters);

export const emailStatsActions = {
  /** Sends by day, week or month with the e-mail results, and a comparison window. */
  GetEmailSendStatistics: defineAction('user', emailStatisticsInput, emailStatisticsData),
  /** Opens, clicks, unsubscribes and reading conversion of the mails sent in a range. */
  GetEmailTraceStatistics: defineAction(
    'user',
    timeRange({ ...statisticsWindow, TaskId: smsTaskIdField.optional() }),
    emailTraceStatisticsData,
  ),
  /** Exports of e-mail send records: address, subject, result, opens, clicks and times in the CSV. */
  AddEmailExportSendRecordTask: emailExportActions.start,
  GetEmailExportSendRecord: emailExportActions.list,
  GetEmailExportSendRecordFile: emailExportActions.file,
} as const;
