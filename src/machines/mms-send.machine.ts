import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { mmsActions, type MmsTemplate } from '../gateway/contract/actions/mms';
import { parseMmsContent, renderMms } from '../gateway/contract/mms-content';
import {
  channelSendMachine,
  validateSend,
  type SendContext,
  type SendPreview,
  type SendTemplate,
} from './sms-send.machine';

// The send wizard of /mms/sending (issue 11 item 4): the SMS wizard's statechart (compose with
// pasted or file recipients, schedule and time zone, the one check before sending, submitting,
// submitted or failed) under its own id, with the MMS Actions behind it. Only what differs is
// here: the form is checked against AddUMMSSendTask, the check step prices the MMS by GetUMMSPrice
// (one billing unit per message) and renders the template, and the task is sent with AddUMMSSendTask.

type AddInput = z.input<typeof mmsActions.AddUMMSSendTask.input>;
type PreviewInput = { TemplateId: string; CountryCode?: string; Params?: string[]; RecipientCount?: number };

/** An approved MMS template as the wizard holds it: subject and text are its Content. */
export function mmsSendTemplate(template: MmsTemplate): SendTemplate {
  return {
    TemplateId: template.TemplateId,
    TemplateName: template.TemplateName,
    Content: [template.Subject, template.Text].filter(Boolean).join('\n'),
    VariableCount: template.VariableCount,
  };
}

export const validateMmsSend = (context: SendContext) => validateSend(context, mmsActions.AddUMMSSendTask.input);

/** The check step's MMS: subject and text with the first recipient's values, and its cost. */
export async function mmsPreview(input: PreviewInput): Promise<SendPreview> {
  const [template, price] = await Promise.all([
    call('GetUMMSTemplate', { TemplateId: input.TemplateId }, { silent: true }),
    input.CountryCode ? call('GetUMMSPrice', { CountryCode: input.CountryCode }, { silent: true }) : null,
  ]);
  const rendered = parseMmsContent(
    renderMms(JSON.stringify({ Subject: template.Subject, Text: template.Text, Images: [] }), input.Params ?? []),
  );
  const perMessage = price?.Price ?? 0;
  return {
    Content: [rendered.Subject, rendered.Text].filter(Boolean).join('\n'),
    VariableCount: template.VariableCount,
    Price: perMessage,
    EstimatedCost: perMessage * (input.RecipientCount ?? 0),
  };
}

export const mmsSendMachine = channelSendMachine('mmsSend', {
  preview: mmsPreview,
  submit: (input: AddInput) => call('AddUMMSSendTask', input, { silent: true, timeoutMs: 120_000 }),
  validate: validateMmsSend,
});
