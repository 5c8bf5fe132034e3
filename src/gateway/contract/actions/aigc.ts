import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { usageData } from './ai-text';

// AI images for the creative material page (issue 16 item 7; spec 001 §5: width and height 18-520, prompt at
// least 2 characters, reference image PNG/JPG at most 20 MB, one image at a time, optimisation text at least 100
// characters; spec 000 §7: CreateAIGCContentGenerationTask, GetAIGCContentGenerationTaskResult, GetImageInfo).
// Shapes and the rest are Herald's: docs/decisions.md "Creative material and AI images".

export const AIGC_LIMITS = {
  sizeMin: 18,
  sizeMax: 520,
  promptMin: 2,
  promptMax: 1000,
  /** A refinement of an earlier image says what to change in at least this many characters. */
  optimizationMin: 100,
  optimizationMax: 2000,
  referenceMaxBytes: 20 * 1024 * 1024,
  /** Spec 001 §9: "about 30 seconds" — the progress the console shows. */
  expectedSeconds: 30,
} as const;

export const AIGC_REFERENCE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Herald's design categories and industries (the spec names the two filters only). */
export const AIGC_CATEGORIES = ['social', 'banner', 'poster', 'product', 'logo'] as const;
export const AIGC_INDUSTRIES = ['retail', 'food', 'travel', 'education', 'finance', 'technology', 'health'] as const;
export type AigcCategory = (typeof AIGC_CATEGORIES)[number];
export type AigcIndustry = (typeof AIGC_INDUSTRIES)[number];

/** A generation's status: waiting for the provider, then done with an image or failed with a reason. */
export const AIGC_STATUS = { Running: 1, Succeeded: 2, Failed: 3 } as const;

const size = (key: 'Width' | 'Height') =>
  z
    .number({ message: `validation:aigc${key}Range` })
    .int(`validation:aigc${key}Range`)
    .min(AIGC_LIMITS.sizeMin, `validation:aigc${key}Range`)
    .max(AIGC_LIMITS.sizeMax, `validation:aigc${key}Range`);

export const aigcTaskIdField = z
  .string()
  .trim()
  .regex(/^AI[0-9A-Za-z]{6,40}$/, 'validation:invalid');

export const aigcCreateInput = z
  .object({
    Prompt: z
      .string({ message: 'validation:aiBriefRequired' })
      .trim()
      .min(AIGC_LIMITS.promptMin, 'validation:aiBriefTooShort')
      .max(AIGC_LIMITS.promptMax, 'validation:aigcPromptTooLong'),
    Width: size('Width'),
    Height: size('Height'),
    Category: z.enum(AIGC_CATEGORIES),
    Industry: z.enum(AIGC_INDUSTRIES),
    /** An uploaded PNG or JPEG (at most 20 MB) the image starts from; checked on the server. */
    ReferenceFileId: z.string().trim().min(1).max(64).optional(),
    /** With a reference: what to change, at least 100 characters. */
    Optimization: z
      .string()
      .trim()
      .min(AIGC_LIMITS.optimizationMin, 'validation:aigcOptimizationTooShort')
      .max(AIGC_LIMITS.optimizationMax, 'validation:aigcOptimizationTooLong')
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.Optimization && !value.ReferenceFileId)
      ctx.addIssue({ code: 'custom', path: ['ReferenceFileId'], message: 'validation:aigcReferenceRequired' });
  });
export type AigcCreateInput = z.infer<typeof aigcCreateInput>;

const design = z.object({
  TaskId: z.string(),
  /** AIGC_STATUS */
  Status: z.number(),
  Prompt: z.string(),
  Width: z.number(),
  Height: z.number(),
  Category: z.string(),
  Industry: z.string(),
  /** The failure's reason key (`library:creative.reasons.*`), '' otherwise. */
  Reason: z.string(),
  /** A signed address of the image, '' until it succeeded. */
  ImageUrl: z.string(),
  /** Whether it was saved to the library. */
  InLibrary: z.boolean(),
  CreateTime: z.number(),
  FinishTime: z.number(),
});
export type AigcDesign = z.infer<typeof design>;

export const aigcActions = {
  /** Spec 000 §7: starts one image; one running at a time per account; one AIGCRequestLimit use when it succeeds. */
  CreateAIGCContentGenerationTask: defineAction(
    'user',
    aigcCreateInput,
    z.object({ TaskId: z.string(), Usage: usageData }),
  ),
  /** Spec 000 §7: the task as it stands (the console asks every 2 s, about 30 s in all). */
  GetAIGCContentGenerationTaskResult: defineAction('user', z.object({ TaskId: aigcTaskIdField }).strict(), design),
  /** Herald's: the account's designs, newest first, by category and industry. */
  ListAIGCDesign: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Category: z.enum(AIGC_CATEGORIES).optional(),
        Industry: z.enum(AIGC_INDUSTRIES).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Designs: z.array(design), Usage: usageData }),
  ),
  /** Herald's: a succeeded design into the content library (its space, 17202 when full). */
  SaveAIGCDesignToLibrary: defineAction(
    'user',
    z.object({ TaskId: aigcTaskIdField }).strict(),
    z.object({ ItemId: z.string() }),
  ),
  /** Spec 000 §7: an uploaded image's facts, read from its bytes (not from its name or declared type). */
  GetImageInfo: defineAction(
    'user',
    z.object({ FileId: z.string().trim().min(1, 'validation:invalid').max(64, 'validation:invalid') }).strict(),
    z.object({ Width: z.number(), Height: z.number(), Type: z.string(), Size: z.number() }),
  ),
} as const;
