import { emailTemplateLifecycle } from '../../src/machines/lifecycles/email-template.machine';
import type { ChannelDescription, ContentVerdict } from './channel';
import { reviewTextContent } from './content-review';

/** Spec 000 §3: the e-mail product id, and the 6011 sub-wallet that pays for e-mail. */
export const EMAIL_PRODUCT_ID = 6011;

/**
 * The e-mail channel as far as it is built (issue 13 item 3, docs/decisions.md "E-mail templates"):
 * its id, product and sub-wallet, recipient kind, the template lifecycle and the content review of a
 * template (the kernel's reviewer on the subject, preview text and text part). The task and message
 * lifecycles, rendering and the SMTP provider come with e-mail sending; until then this description
 * is not in the kernel's registry (server/channels/registry.ts), which runs only channels that send.
 */
export interface EmailChannelDescription extends Pick<
  ChannelDescription,
  'id' | 'productId' | 'wallet' | 'label' | 'recipientKind'
> {
  lifecycles: { template: typeof emailTemplateLifecycle };
  reviewTemplate(parts: { subject: string; previewText: string; text: string }): ContentVerdict;
}

export const emailChannel: EmailChannelDescription = {
  id: 'email',
  productId: EMAIL_PRODUCT_ID,
  wallet: EMAIL_PRODUCT_ID,
  label: 'E-mail',
  recipientKind: 'email',
  lifecycles: { template: emailTemplateLifecycle },
  reviewTemplate: ({ subject, previewText, text }) =>
    reviewTextContent([subject, previewText, text].filter(Boolean).join('\n'), []),
};
