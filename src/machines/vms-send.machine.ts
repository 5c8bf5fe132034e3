import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { vmsTaskActions } from '../gateway/contract/actions/vms-tasks';
import type { VoiceTemplate } from '../gateway/contract/actions/vms-templates';
import { VOICE_CALL_PRICE } from '../gateway/contract/vms-task';
import {
  channelSendMachine,
  validateSend,
  type SendContext,
  type SendPreview,
  type SendTemplate,
} from './sms-send.machine';

// The send wizard of /vms/sending (issue 11 item 5): the SMS wizard's statechart (compose with pasted or
// file numbers, schedule and time zone, the one check before sending, submitting, submitted or failed)
// under its own id, with the voice Actions behind it. Only what differs is here: the form carries the call
// period and is checked against AddUVMSSendTask, the check step shows the voice file and prices one call
// per number at VOICE_CALL_PRICE, and the task is sent with AddUVMSSendTask.

type AddInput = z.input<typeof vmsTaskActions.AddUVMSSendTask.input>;
type PreviewInput = { TemplateId: string; RecipientCount?: number };

/** An approved voice template as the wizard holds it: its name and voice file are its Content. */
export function vmsSendTemplate(template: VoiceTemplate): SendTemplate {
  return {
    TemplateId: template.TemplateId,
    TemplateName: template.TemplateName,
    Content: template.AudioName,
    VariableCount: 0,
  };
}

export const validateVmsSend = (context: SendContext) => validateSend(context, vmsTaskActions.AddUVMSSendTask.input);

/** The check step: the template's voice file and the cost of one call per number. */
export async function vmsPreview(input: PreviewInput): Promise<SendPreview> {
  const template = await call('GetUVMSTemplate', { TemplateId: input.TemplateId }, { silent: true });
  return {
    Content: template.AudioName,
    VariableCount: 0,
    Price: VOICE_CALL_PRICE,
    EstimatedCost: VOICE_CALL_PRICE * (input.RecipientCount ?? 0),
  };
}

export const vmsSendMachine = channelSendMachine('vmsSend', {
  preview: vmsPreview,
  submit: (input: AddInput) => call('AddUVMSSendTask', input, { silent: true, timeoutMs: 120_000 }),
  validate: validateVmsSend,
});
