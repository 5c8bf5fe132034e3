import type { z } from 'zod';
import { call } from '../gateway/client/call';
import {
  EMAIL_PRICE,
  EMAIL_SEND_LIMITS,
  emailSendActions,
  emailSendVariables,
} from '../gateway/contract/actions/email-send';
import type { EmailTemplate } from '../gateway/contract/actions/email-templates';
import { MERGE_TAG } from '../gateway/contract/email/template-rules';
import {
  channelSendMachine,
  validateSend,
  type AddInput,
  type SendContext,
  type SendInput,
  type SendPreview,
  type SendTemplate,
} from './sms-send.machine';

// The send wizard of /email/sending (issue 13 item 4): the SMS wizard's statechart (compose with
// pasted, file, list or segment recipients, schedule and time zone, the one check before sending,
// submitting, submitted or failed) under its own id, with e-mail addresses as recipients and the
// e-mail Actions behind it. Only what differs is here: the request is AddEmailSendTask's (Emails, a
// required sender, no country), the check step shows the subject with the first recipient's values
// and the cost at Herald's e-mail price, and the task is sent with AddEmailSendTask.

type EmailAddInput = z.input<typeof emailSendActions.AddEmailSendTask.input>;
type PreviewInput = { TemplateId: string; Params?: string[]; RecipientCount?: number };

/** An approved e-mail template as the wizard holds it: its variables are the merge tags the send does not fill. */
export function emailSendTemplate(
  template: Pick<EmailTemplate, 'TemplateId' | 'TemplateName' | 'Subject' | 'MergeTags'>,
): SendTemplate {
  return {
    TemplateId: template.TemplateId,
    TemplateName: template.TemplateName,
    Content: template.Subject,
    VariableCount: emailSendVariables(template.MergeTags).length,
  };
}

/** The wizard's request as AddEmailSendTask takes it: addresses for phones, no country. */
export function emailRequest(request: AddInput): EmailAddInput {
  const { Phones, CountryCode: _country, ...rest } = request;
  return { ...rest, SenderId: rest.SenderId ?? '', ...(Phones ? { Emails: Phones } : {}) };
}

export const validateEmailSend = (context: SendContext) =>
  validateSend(context, emailSendActions.AddEmailSendTask.input, {
    toRequest: emailRequest,
    maxRecipients: EMAIL_SEND_LIMITS.maxRecipients,
  });

/** A text with the template's variables filled in order; the tags the send fills stay as they are. */
export function fillVariables(text: string, variables: string[], values: string[]): string {
  return text.replace(MERGE_TAG, (tag, name: string) => {
    const at = variables.indexOf(name);
    return at >= 0 && values[at] !== undefined ? values[at] : tag;
  });
}

/** The check step's mail: the subject with the first recipient's values, and its cost. */
export async function emailPreview(input: PreviewInput): Promise<SendPreview> {
  const template = await call('GetEmailTemplate', { TemplateId: input.TemplateId }, { silent: true });
  const variables = emailSendVariables(template.MergeTags);
  return {
    Content: fillVariables(template.Subject, variables, input.Params ?? []),
    VariableCount: variables.length,
    Price: EMAIL_PRICE,
    EstimatedCost: EMAIL_PRICE * (input.RecipientCount ?? 0),
  };
}

/** The wizard's input for e-mail: addresses, not phones. */
export const emailSendInput = (input: Omit<SendInput, 'recipientKind'>): SendInput => ({
  ...input,
  recipientKind: 'email',
});

export const emailSendMachine = channelSendMachine('emailSend', {
  preview: emailPreview,
  submit: (input: AddInput) => call('AddEmailSendTask', emailRequest(input), { silent: true, timeoutMs: 120_000 }),
  validate: validateEmailSend,
});
