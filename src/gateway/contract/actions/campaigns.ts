import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { smsSendActions } from './sms-send';
import { emailSendTaskInput } from './email-send';
import { smsTaskData } from './sms-records';
import { PLAN_AIM } from './mkt-plans';
import { CAMPAIGN_STATUS } from '../statuses';

// Campaigns (issue 14 item 5; spec 000 §2 "Campaign" routes; docs/decisions.md "Campaigns"). The spec gives
// routes only: a campaign is a named send of one channel (SMS or e-mail) to a list or a segment, written in
// the channel's send editor or from AI, saved, then applied, which makes the channel's send task through
// the channel's own AddUSMSSendTask / AddEmailSendTask rules. Its name is the task's name, unique in the
// account together with the marketing plans' names ("plan or campaign name already in use").

export const CAMPAIGN_TYPES = ['sms', 'email'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_SOURCES = ['editor', 'ai'] as const;
export type CampaignSource = (typeof CAMPAIGN_SOURCES)[number];

export const campaignIdField = z
  .string()
  .trim()
  .regex(/^CP[0-9A-Za-z]{6,40}$/, 'validation:invalid');

const smsRequest = smsSendActions.AddUSMSSendTask.input;
const emailRequest = emailSendTaskInput;
export type CampaignSmsRequest = z.output<typeof smsRequest>;
export type CampaignEmailRequest = z.output<typeof emailRequest>;

const toAudience = (request: { ListId?: number; SegmentId?: number }) =>
  request.ListId !== undefined || request.SegmentId !== undefined;

/** What SaveCampaign takes: the campaign's settings and the request of its channel's send Action. */
export const saveCampaignInput = z
  .object({
    /** The campaign saved again (absent: a new one). */
    CampaignId: campaignIdField.optional(),
    Type: z.enum(CAMPAIGN_TYPES),
    Aim: z.union([z.literal(PLAN_AIM.Acquisition), z.literal(PLAN_AIM.Activation)]),
    Source: z.enum(CAMPAIGN_SOURCES).default('editor'),
    /** AddUSMSSendTask's request, for Type sms; its TaskName is the campaign's name. */
    Sms: smsRequest.optional(),
    /** AddEmailSendTask's request, for Type email. */
    Email: emailRequest.optional(),
  })
  .strict()
  .refine((v) => (v.Type === 'sms' ? v.Sms !== undefined && !v.Email : v.Email !== undefined && !v.Sms), {
    message: 'validation:campaignRequestRequired',
    path: ['Type'],
  })
  .refine((v) => toAudience(v.Sms ?? v.Email ?? {}), {
    message: 'validation:campaignAudienceRequired',
    path: ['Recipients'],
  });
export type SaveCampaignInput = z.input<typeof saveCampaignInput>;

const audienceData = z.object({ Kind: z.enum(['list', 'segment']), Id: z.number(), Name: z.string() });

const summary = z.object({
  CampaignId: z.string(),
  Name: z.string(),
  Type: z.enum(CAMPAIGN_TYPES),
  Aim: z.number(),
  Source: z.enum(CAMPAIGN_SOURCES),
  /** CAMPAIGN_STATUS */
  Status: z.number(),
  /** The list or segment it sends to ('' name when it has been deleted since). */
  Audience: audienceData,
  TemplateId: z.string(),
  SendType: z.enum(['immediate', 'scheduled']),
  /** Local time in TimeZone, "YYYY-MM-DD HH:mm" ('' for immediate). */
  ScheduledTime: z.string(),
  TimeZone: z.string(),
  /** The send task applying made ('' before). */
  TaskId: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type CampaignSummary = z.infer<typeof summary>;

export const campaignData = summary.extend({
  Sms: smsRequest.nullable(),
  Email: emailRequest.nullable(),
  /** The task as its channel's task list shows it (counts, status), once applied. */
  Task: smsTaskData.nullable(),
});
export type CampaignData = z.infer<typeof campaignData>;

const saved = z.object({ CampaignId: z.string(), Status: z.number(), Type: z.enum(CAMPAIGN_TYPES) });
export type SavedCampaign = z.infer<typeof saved>;

export const campaignActions = {
  /** The caller's campaigns, newest change first; Keyword searches names. */
  ListCampaign: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Type: z.enum(CAMPAIGN_TYPES).optional(),
        Status: z.union([z.literal(CAMPAIGN_STATUS.Saved), z.literal(CAMPAIGN_STATUS.Applied)]).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Campaigns: z.array(summary) }),
  ),
  GetCampaign: defineAction('user', z.object({ CampaignId: campaignIdField }).strict(), campaignData),
  /**
   * Creates a campaign (no CampaignId) or saves a Saved one again. The request is checked as its channel's
   * send Action checks it (template usable, sender, country, schedule) without making a task. A new
   * campaign's request IdempotencyKey names it: saving again with the same key saves the same campaign.
   */
  SaveCampaign: defineAction('user', saveCampaignInput, saved),
  /** Makes the campaign's send task once: applying again answers the same task. */
  ApplyCampaign: defineAction(
    'user',
    z.object({ CampaignId: campaignIdField }).strict(),
    saved.extend({ TaskId: z.string(), AccountId: z.number(), SessionNo: z.string(), EstimatedCost: z.number() }),
  ),
  DeleteCampaign: defineAction(
    'user',
    z.object({ CampaignIds: z.array(campaignIdField).min(1).max(100) }).strict(),
    z.object({}).strict(),
  ),
} as const;
