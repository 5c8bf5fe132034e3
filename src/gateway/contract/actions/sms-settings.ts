import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import { smsCountryField, smsTemplateIdField } from './sms-common';
import { phoneCodeField, phoneField } from '../validators';
import { SMS_LIMITS } from '../sms-constants';
import { smsChannelSettingsActions } from './channel-settings';

export { alarmRuleData, callbackData, limitRuleData } from './channel-settings';

export const trialInfoData = z.object({
  Upgraded: z.boolean(),
  Phones: z.array(
    z.object({ Phone: z.string(), CountryCode: z.string(), Verified: z.boolean(), CreateTime: z.number() }),
  ),
  MaxPhones: z.number(),
  FreeTotal: z.number(),
  FreeUsed: z.number(),
  FreeRemaining: z.number(),
});

export const smsSettingsActions = {
  ...smsChannelSettingsActions,
  GetUSMSExperientialInfo: defineAction('user', emptyInput, trialInfoData),
  /** Adds a trial phone (at most 5) and sends it a 6-digit code (valid 5 minutes, resend after 60 s). */
  AddUSMSExperientialPhone: defineAction(
    'user',
    z.object({ CountryCode: smsCountryField, Phone: phoneField }).strict(),
    z.object({ ResendAfterSeconds: z.number() }),
  ),
  /** Herald's: confirms a trial phone with the code AddUSMSExperientialPhone sent. */
  VerifyUSMSExperientialPhone: defineAction(
    'user',
    z.object({ CountryCode: smsCountryField, Phone: phoneField, Code: phoneCodeField }).strict(),
    trialInfoData,
  ),
  /**
   * Free test messages to verified trial phones only: one message per phone from the free count.
   * Without TemplateId, Herald's sample text is sent.
   */
  SendUSMSExperientialMessage: defineAction(
    'user',
    z
      .object({
        Phones: z.array(phoneField).min(1, 'validation:recipientsRequired').max(SMS_LIMITS.trialPhones),
        CountryCode: smsCountryField,
        TemplateId: smsTemplateIdField.optional(),
        Params: z.array(z.string().max(200)).max(20).default([]),
      })
      .strict(),
    z.object({ TaskId: z.string(), SentCount: z.number(), FreeRemaining: z.number() }),
  ),
} as const;
