import { z } from 'zod';
import { defineAction } from './define';
import { pageFields, unixSeconds } from './sms-common';
import { aiBriefField, AI_LANGUAGES, AI_TONES } from './ai-text';
import { SEND_KINDS } from '../workflow/document';
import { MKT_PLAN_STATUS } from '../statuses';
import { workflowInsight } from './workflows';
import { emailField } from '../validators';

// Marketing plans (issue 14 item 4; spec 000 §7 Marketing row, spec 001 "Marketing plan"). The spec names
// the fields (name, aim, industry, product category, type, tone, channels, status) but not their shapes:
// Herald's choices are in docs/decisions.md "Marketing plans".

/** Spec 001: "Plan aim: 1 acquisition, 2 activation (3 unknown)"; 3 is never written. */
export const PLAN_AIM = { Acquisition: 1, Activation: 2 } as const;
export const PLAN_AIMS = [PLAN_AIM.Acquisition, PLAN_AIM.Activation] as const;
export type PlanAim = (typeof PLAN_AIMS)[number];
/** Herald's plan types (the spec names the field only). */
export const PLAN_TYPES = ['promotion', 'launch', 'event', 'seasonal', 'loyalty'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
/** A plan's channels are the workflow's send channels: applying a plan makes a workflow of them. */
export const PLAN_CHANNELS = SEND_KINDS;
export type PlanChannel = (typeof PLAN_CHANNELS)[number];

export const PLAN_LIMITS = {
  nameMax: 64,
  textFieldMax: 64,
  summaryMax: 300,
  stepsMax: 20,
  stepTextMax: 1000,
  /** A step waits at most a year after the plan starts. */
  dayMax: 365,
  /** SendMKTPlanExample: addresses per call, and per account in a rolling day. */
  exampleAddressesMax: 5,
  exampleAddressesPerDay: 20,
} as const;

export const planIdField = z
  .string()
  .trim()
  .regex(/^MP[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const planNameField = z
  .string({ message: 'validation:nameRequired' })
  .trim()
  .min(1, 'validation:nameRequired')
  .max(PLAN_LIMITS.nameMax, 'validation:nameTooLong');
const shortText = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(PLAN_LIMITS.textFieldMax, 'validation:nameTooLong');

export const planStep = z
  .object({
    Channel: z.enum(PLAN_CHANNELS),
    /** Days after the plan starts (0: the first day). */
    Day: z.number().int().min(0).max(PLAN_LIMITS.dayMax),
    Text: z
      .string()
      .trim()
      .min(1, 'validation:planStepTextRequired')
      .max(PLAN_LIMITS.stepTextMax, 'validation:textTooLong'),
  })
  .strict();
export type PlanStep = z.infer<typeof planStep>;

/** The strategy: generated from the brief by the AI text provider, editable afterwards. */
export const planContent = z
  .object({
    Goal: z.string().trim().max(PLAN_LIMITS.summaryMax, 'validation:planSummaryTooLong'),
    Audience: z.string().trim().max(PLAN_LIMITS.summaryMax, 'validation:planSummaryTooLong'),
    Steps: z.array(planStep).max(PLAN_LIMITS.stepsMax, 'validation:planTooManySteps'),
  })
  .strict();
export type PlanContent = z.infer<typeof planContent>;

/** The plan's settings: what the form edits besides the content. */
export const planSettings = {
  Name: planNameField,
  Aim: z.union([z.literal(PLAN_AIM.Acquisition), z.literal(PLAN_AIM.Activation)]),
  Industry: shortText,
  ProductCategory: shortText,
  Type: z.enum(PLAN_TYPES),
  Tone: z.enum(AI_TONES),
  /** Spec 001 §5: "at least one channel or social profile for a plan" (social profiles are not built yet). */
  Channels: z.array(z.enum(PLAN_CHANNELS)).min(1, 'validation:planChannelRequired').max(PLAN_CHANNELS.length),
};

const summary = z.object({
  PlanId: z.string(),
  Name: z.string(),
  Aim: z.number(),
  Industry: z.string(),
  ProductCategory: z.string(),
  Type: z.string(),
  Tone: z.string(),
  Channels: z.array(z.string()),
  /** MKT_PLAN_STATUS */
  Status: z.number(),
  Steps: z.number(),
  /** The workflow applying made (empty before). */
  SeqId: z.string(),
  /** Day 0 on the calendar (ScheduleMKTPlan), unix seconds; 0: not scheduled. */
  StartTime: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export const planData = summary.extend({ Brief: z.string(), Content: planContent.nullable() });
export type PlanSummary = z.infer<typeof summary>;
export type PlanData = z.infer<typeof planData>;

const saved = z.object({ PlanId: z.string(), Status: z.number(), SeqId: z.string() });

/** A send task a plan's journey made (GetMKTPlanTask); its page is /{Channel}/task/{TaskId}/{AccountId}/{SessionNo}. */
const planTask = z.object({
  TaskId: z.string(),
  Channel: z.string(),
  AccountId: z.number(),
  SessionNo: z.string(),
  Name: z.string(),
  /** The channel's task status. */
  Status: z.number(),
  TotalCount: z.number(),
  SuccessCount: z.number(),
  FailCount: z.number(),
  CreateTime: z.number(),
});
export type PlanTask = z.infer<typeof planTask>;

export const mktPlanActions = {
  /** The caller's plans, newest change first; Keyword searches names, Status filters. */
  ListMKTPlan: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: z
          .union([
            z.literal(MKT_PLAN_STATUS.Draft),
            z.literal(MKT_PLAN_STATUS.Submitted),
            z.literal(MKT_PLAN_STATUS.Applied),
          ])
          .optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Plans: z.array(summary) }),
  ),
  GetMKTPlan: defineAction('user', z.object({ PlanId: planIdField }).strict(), planData),
  /**
   * Creates a plan (no PlanId) or saves one again. Submit false keeps it a draft; Submit true needs at least
   * one step and stores it Submitted (ApplyMKTPlan then makes its workflow).
   */
  SaveMKTPlan: defineAction(
    'user',
    z
      .object({
        PlanId: planIdField.optional(),
        ...planSettings,
        Brief: z.string().trim().max(2000, 'validation:aiBriefTooLong').default(''),
        Content: planContent.nullable().default(null),
        Submit: z.boolean().default(false),
      })
      .strict(),
    saved,
  ),
  DeleteMKTPlan: defineAction(
    'user',
    z.object({ PlanIds: z.array(planIdField).min(1).max(100) }).strict(),
    z.object({}).strict(),
  ),
  /** Spec 000 §7: is the name free in this account (case-insensitive)? PlanId: the plan being edited. */
  QueryPlanNameCheck: defineAction(
    'user',
    z.object({ Name: planNameField, PlanId: planIdField.optional() }).strict(),
    z.object({ Available: z.boolean() }),
  ),
  /** Herald's: the strategy from a brief through the AI text provider; one use of AIGCRequestLimit. */
  GenerateMKTPlanContent: defineAction(
    'user',
    z
      .object({
        Brief: aiBriefField,
        Language: z.enum(AI_LANGUAGES),
        Aim: planSettings.Aim,
        Industry: shortText,
        ProductCategory: shortText,
        Type: z.enum(PLAN_TYPES),
        Tone: z.enum(AI_TONES),
        Channels: planSettings.Channels,
      })
      .strict(),
    z.object({ Content: planContent, Usage: z.object({ Used: z.number(), Limit: z.number() }) }),
  ),
  /** Herald's: a submitted plan's steps become a draft workflow; the plan is Applied with its SeqId. */
  ApplyMKTPlan: defineAction('user', z.object({ PlanId: planIdField }).strict(), saved),
  /**
   * Spec 000 §7 (plan insight): an applied plan's journey (its workflow's GetSEQ2Insight, null before applying
   * or once the workflow is deleted) and the messages it sent per channel, with their results so far.
   */
  GetPlainInsight: defineAction(
    'user',
    z.object({ PlanId: planIdField }).strict(),
    z.object({
      PlanId: z.string(),
      Status: z.number(),
      SeqId: z.string(),
      Workflow: workflowInsight.nullable(),
      Channels: z.array(
        z.object({ Channel: z.string(), Messages: z.number(), Delivered: z.number(), Failed: z.number() }),
      ),
    }),
  ),
  /**
   * Spec 000 §7, Herald's shape (docs/decisions.md "Plan examples"): mails the plan as an example (its
   * settings, goal, audience, each step's day, channel and text, and a link to it) to up to 5 addresses,
   * e.g. a reviewer. PLAN_LIMITS.exampleAddressesPerDay addresses a day per account.
   */
  SendMKTPlanExample: defineAction(
    'user',
    z
      .object({
        PlanId: planIdField,
        Emails: z
          .array(emailField)
          .min(1, 'validation:emailRequired')
          .max(PLAN_LIMITS.exampleAddressesMax, 'validation:planExampleTooManyEmails'),
      })
      .strict(),
    z.object({ Sent: z.number() }),
  ),
  /**
   * Herald's (the list's "Schedule"; docs/decisions.md "Plans on the calendar"): the plan's day 0, later than
   * now, so its steps show on the marketing calendar; null takes it off.
   */
  ScheduleMKTPlan: defineAction(
    'user',
    z.object({ PlanId: planIdField, StartTime: unixSeconds.nullable() }).strict(),
    z.object({ PlanId: z.string(), StartTime: z.number() }),
  ),
  /** Spec 000 §7: the send tasks the plan's journey made, newest first. */
  GetMKTPlanTask: defineAction(
    'user',
    z.object({ PlanId: planIdField, ...pageFields }).strict(),
    z.object({ Total: z.number(), Tasks: z.array(planTask) }),
  ),
} as const;
