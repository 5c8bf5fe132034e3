import { emailTemplateLifecycle } from '../../src/machines/lifecycles/email-template.machine';
import { emailTaskLifecycle } from '../../src/machines/lifecycles/email-task.machine';
import {
  EMAIL_MESSAGE_KERNEL_CODES,
  EMAIL_MESSAGE_RESULT_OF_CODE,
  emailMessageLifecycle,
} from '../../src/machines/lifecycles/email-message.machine';
import { EMAIL_CHANNEL_ID } from '../email/channel-id';
import { emailProvider } from '../email/send-provider';
import { renderEmail, reviewableText } from '../email/send-content';
import type { ChannelDescription, ContentVerdict } from './channel';
import { reviewTextContent } from './content-review';
import { queueEmailAlerts } from '../email/alerts';

/** Spec 000 §3: the e-mail product id, and the 6011 sub-wallet that pays for e-mail. */
export const EMAIL_PRODUCT_ID = 6011;

export interface EmailChannelDescription extends ChannelDescription {
  lifecycles: ChannelDescription['lifecycles'] & { template: typeof emailTemplateLifecycle };
  reviewTemplate(parts: { subject: string; previewText: string; text: string }): ContentVerdict;
}

/**
 * E-mail on the kernel (docs/decisions.md "E-mail templates" and "E-mail sending"): recipients are
 * addresses, the content a template's subject, HTML and text as JSON (server/email/send-content.ts),
 * one billing unit per mail from the 6011 sub-wallet, handed to the MailTransport by its provider.
 */
export const emailChannel: EmailChannelDescription = {
  id: EMAIL_CHANNEL_ID,
  productId: EMAIL_PRODUCT_ID,
  wallet: EMAIL_PRODUCT_ID,
  label: 'E-mail',
  recipientKind: 'email',
  lifecycles: {
    task: emailTaskLifecycle,
    message: emailMessageLifecycle,
    messageCodes: EMAIL_MESSAGE_KERNEL_CODES,
    messageResults: EMAIL_MESSAGE_RESULT_OF_CODE,
    template: emailTemplateLifecycle,
  },
  render: renderEmail,
  parts: () => 1,
  reviewTask: (content, values) => reviewTextContent(reviewableText(content), values),
  reviewTemplate: ({ subject, previewText, text }) =>
    reviewTextContent([subject, previewText, text].filter(Boolean).join('\n'), []),
  // Block and spam rates change with every report: the account's alert rules are evaluated again.
  afterReports: (deps, userId) => queueEmailAlerts(deps, userId),
  provider: emailProvider,
};
