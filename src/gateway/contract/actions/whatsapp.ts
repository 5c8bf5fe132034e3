import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { WA_CODE_PATTERN, WA_PHONE_NUMBER_ID_PATTERN, WA_STATE_PATTERN } from '../whatsapp';

// WhatsApp business connection and numbers (issue 15 items 1-2; docs/decisions.md "WhatsApp numbers"):
// one WhatsApp Business Account per Herald account, connected by embedded sign-up; its numbers as the
// platform answers them. The spec names no Actions here: all of these are Herald's.

const account = z.object({
  WabaId: z.string(),
  Name: z.string(),
  ConnectTime: z.number(),
});
const number = z.object({
  PhoneNumberId: z.string(),
  DisplayPhone: z.string(),
  DisplayName: z.string(),
  /** WA_NUMBER_STATUSES */
  Status: z.string(),
  /** WA_QUALITIES */
  Quality: z.string(),
  /** WA_TIERS */
  Tier: z.string(),
  /** Business-initiated conversations the number may still open in the rolling 24 hours (null: unlimited). */
  Remaining: z.number().nullable(),
  UpdateTime: z.number(),
});
export type WaAccount = z.infer<typeof account>;
export type WaNumber = z.infer<typeof number>;

export const whatsappActions = {
  /** The sign-up page's address with a fresh `state` (valid 30 minutes) it sends back. */
  GetWhatsAppSignUpUrl: defineAction('user', z.object({}).strict(), z.object({ Url: z.string(), State: z.string() })),
  /** The code and state the sign-up returned: stores the business account and its numbers. */
  ConnectWhatsAppAccount: defineAction(
    'user',
    z
      .object({
        Code: z.string().trim().regex(WA_CODE_PATTERN, 'validation:waCodeInvalid'),
        State: z.string().trim().regex(WA_STATE_PATTERN, 'validation:waStateInvalid'),
      })
      .strict(),
    z.object({ Account: account, Numbers: z.array(number) }),
  ),
  ListWhatsAppNumber: defineAction(
    'user',
    z.object({}).strict(),
    z.object({ Account: account.nullable(), Numbers: z.array(number) }),
  ),
  /** Reads the numbers again from the platform (all, or the one named). */
  RefreshWhatsAppNumber: defineAction(
    'user',
    z
      .object({
        PhoneNumberId: z.string().trim().regex(WA_PHONE_NUMBER_ID_PATTERN, 'validation:invalid').optional(),
      })
      .strict(),
    z.object({ Account: account, Numbers: z.array(number) }),
  ),
  DisconnectWhatsAppAccount: defineAction('user', z.object({}).strict(), emptyData),
} as const;
