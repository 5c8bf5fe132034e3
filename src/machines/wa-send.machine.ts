import { call } from '../gateway/client/call';
import type { WaTemplate } from '../gateway/contract/actions/wa-templates';
import { waSendActions } from '../gateway/contract/actions/wa-send';
import { fillWaBody, worstConversationPrice, type WaConversationCategory } from '../gateway/contract/wa-send';
import { waVariables } from '../gateway/contract/wa-templates';
import {
  channelSendMachine,
  validateSend,
  type AddInput,
  type SendContext,
  type SendPreview,
  type SendTemplate,
} from './sms-send.machine';

// The send wizard of /whatsapp/sending (issue 15 item 4; docs/decisions.md "WhatsApp sending"): the SMS
// wizard's statechart (compose, the one check, submitting, submitted or failed) under its own id, with the
// WhatsApp Actions behind it. The form's sender is the WhatsApp number (its phone_number_id), sent as
// PhoneNumberId; the check step fills the approved template's body and prices each recipient at the most
// one conversation of its category costs.

type PreviewInput = { TemplateId: string; CountryCode?: string; Params?: string[]; RecipientCount?: number };

/** An approved WhatsApp template as the wizard holds it: its body is the Content. */
export function waSendTemplate(template: WaTemplate): SendTemplate {
  return {
    TemplateId: template.TemplateId,
    TemplateName: template.Name,
    Content: template.Body,
    VariableCount: new Set(waVariables(template.Body)).size,
  };
}

/** The wizard's request as AddWhatsAppSendTask takes it: the sender is the number. */
export function toWaRequest(request: AddInput) {
  const { SenderId, ...rest } = request;
  return { ...rest, PhoneNumberId: SenderId ?? '' };
}

export function validateWaSend(context: SendContext) {
  const errors = validateSend(context, waSendActions.AddWhatsAppSendTask.input, { toRequest: toWaRequest });
  // the number's error is the sender field's (its shape is checked by the schema under PhoneNumberId)
  if (!/^\d{5,20}$/.test(context.form.senderId.trim())) errors.senderId = 'validation:waNumberRequired';
  return errors;
}

const categoryOf = (template: WaTemplate) =>
  template.Category.toLowerCase() as Exclude<WaConversationCategory, 'service'>;

/** The check step's message: the body with the first recipient's values, and the most it can cost. */
export async function waPreview(input: PreviewInput): Promise<SendPreview> {
  const template = await call('GetWhatsAppTemplate', { TemplateId: input.TemplateId }, { silent: true });
  const price = worstConversationPrice(categoryOf(template));
  return {
    Content: fillWaBody(template.Body, input.Params ?? []),
    VariableCount: new Set(waVariables(template.Body)).size,
    Price: price,
    EstimatedCost: price * (input.RecipientCount ?? 0),
  };
}

export const waSendMachine = channelSendMachine('waSend', {
  preview: waPreview,
  submit: (input: AddInput) => call('AddWhatsAppSendTask', toWaRequest(input), { silent: true, timeoutMs: 120_000 }),
  validate: validateWaSend,
});
