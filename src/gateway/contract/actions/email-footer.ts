import { z } from 'zod';
import { defineAction, emptyInput } from './define';

// The e-mail footer (issue 16 item 6: logos for e-mail footers; docs/decisions.md "Logos in QR codes and
// e-mail footers"): a logo and a name/address line put at the end of every task mail's HTML. The spec
// names no Actions: Herald names them.

export const EMAIL_FOOTER_LINE_MAX = 300;

/** 'none', 'default' (the account's default logo at send time) or one of the account's LogoIds. */
export const emailFooterLogoField = z
  .string({ message: 'validation:emailFooterLogo' })
  .trim()
  .regex(/^(none|default|LG[0-9A-Z]{16})$/, 'validation:emailFooterLogo');

export const emailFooterData = z.object({
  Logo: z.string(),
  Line: z.string(),
  /** The logo's lasting absolute address as mails carry it ('' without a logo). */
  LogoURL: z.string(),
});
export type EmailFooter = z.infer<typeof emailFooterData>;

export const emailFooterActions = {
  GetEmailFooter: defineAction('user', emptyInput, emailFooterData),
  SaveEmailFooter: defineAction(
    'user',
    z
      .object({
        Logo: emailFooterLogoField,
        Line: z.string().trim().max(EMAIL_FOOTER_LINE_MAX, 'validation:emailFooterLineTooLong').default(''),
      })
      .strict(),
    emailFooterData,
  ),
  /** A sample mail with the footer to the signed-in account's own address, through the channel mail. */
  SendEmailFooterTest: defineAction('user', emptyInput, z.object({ To: z.string() })),
};
