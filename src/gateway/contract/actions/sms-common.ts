import { z } from 'zod';
import { countryField, NAME_PATTERN } from '../validators';
import { SMS_LIMITS, SMS_MESSAGE_RESULTS, SMS_TASK_STATUS } from '../sms-constants';

// Pieces shared by the SMS schemas. Times are unix seconds, money integer units (10,000 per
// currency unit, spec 000 §3).

export const pageFields = {
  Page: z.number().int().min(1).max(10_000).default(1),
  NumPerPage: z.number().int().min(1).max(SMS_LIMITS.maxPageSize).default(20),
};

export const unixSeconds = z.number().int().min(0).max(4_102_444_800);

export const smsTaskIdField = z
  .string()
  .trim()
  .regex(/^TK[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const smsTemplateIdField = z
  .string()
  .trim()
  .regex(/^UT[0-9A-Za-z]{6,40}$/, 'validation:smsTemplateRequired');
export const smsCountryField = countryField;

/** Sender ID: 3-11 letters or digits (spec 001 §3, §5). */
export const senderIdField = z
  .string()
  .trim()
  .regex(
    new RegExp(`^[A-Za-z0-9]{${SMS_LIMITS.senderIdMin},${SMS_LIMITS.senderIdMax}}$`),
    'validation:senderIdInvalid',
  );

/** Campaign (task) name: required, the allowed name characters plus spaces. */
export const campaignNameField = z
  .string({ message: 'validation:campaignNameRequired' })
  .trim()
  .min(1, 'validation:campaignNameRequired')
  .max(SMS_LIMITS.campaignNameMax, 'validation:nameTooLong')
  .refine(
    (s) => s.split(/\s+/).every((part) => part === '' || NAME_PATTERN.test(part)),
    'validation:smsNameCharacters',
  );

export const smsTagField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(SMS_LIMITS.tagMax, 'validation:nameTooLong')
  .refine((s) => s.split(/\s+/).every((part) => NAME_PATTERN.test(part)), 'validation:smsNameCharacters');

export const smsTaskStatusField = z.union(
  Object.values(SMS_TASK_STATUS).map((v) => z.literal(v)) as [
    z.ZodLiteral<number>,
    z.ZodLiteral<number>,
    ...z.ZodLiteral<number>[],
  ],
);
export const smsMessageResultField = z.enum(SMS_MESSAGE_RESULTS);

/** A [BeginTime, EndTime] range of unix seconds, at most a year (spec 001 §5 date pickers). */
export function timeRange<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ BeginTime: unixSeconds, EndTime: unixSeconds, ...shape })
    .strict()
    .refine(
      (v) => {
        const { BeginTime, EndTime } = v as { BeginTime: number; EndTime: number };
        return EndTime > BeginTime && EndTime - BeginTime <= 400 * 86_400;
      },
      { message: 'validation:dateRangeInvalid', path: ['EndTime'] },
    );
}

export const countData = z.object({
  /** Valid recipients of the task. */
  TotalCount: z.number(),
  InvalidCount: z.number(),
  /** Accepted by the carrier so far. */
  SubmitCount: z.number(),
  SubmitFailCount: z.number(),
  SuccessCount: z.number(),
  FailCount: z.number(),
  UnknownCount: z.number(),
  /** Success over messages with a final result, in percent with two decimals. */
  SuccessRate: z.number(),
});
export type SmsCounts = z.infer<typeof countData>;
