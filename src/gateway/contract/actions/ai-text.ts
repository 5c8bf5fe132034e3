import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import { EMAIL_TEMPLATE_LIMITS } from '../email/template-rules';

// AI text (issue 13 item 8; spec 001: "prompt text at least 2 characters", AIGCRequestLimit). The spec
// names no request shapes for AI generation: Herald names these (docs/decisions.md "AI text").

export const AI_TONES = ['friendly', 'professional', 'persuasive', 'playful'] as const;
export type AiTone = (typeof AI_TONES)[number];
export const AI_LANGUAGES = ['en', 'zh'] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];

export const AI_TEXT_LIMITS = {
  /** Spec 001 §5: "prompt text at least 2 characters". */
  briefMin: 2,
  /** Herald's: room for a detailed brief, small enough for any model's prompt. */
  briefMax: 2000,
  /** Spec 001: "AI generation waits about 30 seconds" (the progress the console shows). */
  expectedSeconds: 30,
} as const;

export const aiBriefField = z
  .string({ message: 'validation:aiBriefRequired' })
  .trim()
  .min(AI_TEXT_LIMITS.briefMin, 'validation:aiBriefTooShort')
  .max(AI_TEXT_LIMITS.briefMax, 'validation:aiBriefTooLong');

export const emailDraftData = z.object({
  Subject: z.string().max(EMAIL_TEMPLATE_LIMITS.subjectMax),
  PreviewText: z.string().max(EMAIL_TEMPLATE_LIMITS.previewTextMax),
  /** Sanitised by the server like a template's HTML. */
  Html: z.string(),
});
export type EmailDraft = z.infer<typeof emailDraftData>;

export const usageData = z.object({
  /** Successful generations in the current plan period. */
  Used: z.number(),
  /** The plan's AIGCRequestLimit (0 without a plan). */
  Limit: z.number(),
});
export type AiUsage = z.infer<typeof usageData>;

/** ContentGeneration's SMS text: at most this many SMS parts (Herald's; docs/decisions.md "Campaigns from AI"). */
export const AI_SMS_LIMITS = { segmentsMax: 3 } as const;

/** A campaign's aim as the route gives it (PLAN_AIM: 1 acquisition, 2 activation; mkt-plans imports this file). */
const aimField = z.union([z.literal(1), z.literal(2)]);

export const aiTextActions = {
  /** Subject, preview text and HTML body from a brief; one use of AIGCRequestLimit when it succeeds. */
  GenerateEmailContent: defineAction(
    'user',
    z
      .object({
        Brief: aiBriefField,
        Language: z.enum(AI_LANGUAGES),
        Tone: z.enum(AI_TONES).default('friendly'),
      })
      .strict(),
    z.object({ Draft: emailDraftData, Usage: usageData }),
  ),
  /**
   * Spec 000 §7 Marketing row: an SMS text from a brief (/campaign/create/sms-ai), within
   * AI_SMS_LIMITS.segmentsMax parts and ready for an SMS template; one use of AIGCRequestLimit when it succeeds.
   */
  ContentGeneration: defineAction(
    'user',
    z
      .object({
        Brief: aiBriefField,
        Language: z.enum(AI_LANGUAGES),
        Tone: z.enum(AI_TONES).default('friendly'),
        /** The campaign's aim: what the text asks the reader to do (win a customer, bring one back). */
        Aim: aimField.default(1),
      })
      .strict(),
    z.object({ Content: z.string(), Usage: usageData }),
  ),
  /** The plan's AI generations used and allowed in the current period. */
  GetAIGCUsage: defineAction('user', emptyInput, usageData),
} as const;
