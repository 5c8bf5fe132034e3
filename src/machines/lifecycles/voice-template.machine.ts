import { setup, type SnapshotFrom } from 'xstate';
import { VOICE_TEMPLATE_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The voice template lifecycle (spec 001 §4, statuses 1-10; transitions not shown in the spec:
// docs/decisions.md "Voice templates"). A submitted template waits for check, then passes two reviews
// that each show: the content check (uc: the kernel's reviewer on its name and remark) and the audit
// (the recording is still usable, and no word a person must read). Only auditPass (7) is usable.
// A draft or a rejected template is edited and submitted again; an approved one can be disabled.

/** Status code of each state: the contract's VOICE_TEMPLATE_STATUS. */
export const VOICE_TEMPLATE_STATE_STATUS = {
  draft: VOICE_TEMPLATE_STATUS.Draft,
  waitCheck: VOICE_TEMPLATE_STATUS.WaitCheck,
  ucProcessing: VOICE_TEMPLATE_STATUS.UcProcessing,
  ucPass: VOICE_TEMPLATE_STATUS.UcPass,
  ucReject: VOICE_TEMPLATE_STATUS.UcReject,
  auditProcessing: VOICE_TEMPLATE_STATUS.AuditProcessing,
  auditPass: VOICE_TEMPLATE_STATUS.AuditPass,
  auditReject: VOICE_TEMPLATE_STATUS.AuditReject,
  disabled: VOICE_TEMPLATE_STATUS.Disabled,
  deleted: VOICE_TEMPLATE_STATUS.Deleted,
} as const;
export type VoiceTemplateStateName = keyof typeof VOICE_TEMPLATE_STATE_STATUS;

export type VoiceTemplateEvent =
  | { type: 'template.saveDraft' }
  | { type: 'template.submit' }
  | { type: 'review.start' }
  | { type: 'review.pass' }
  | { type: 'review.reject' }
  | { type: 'audit.start' }
  | { type: 'template.disable' }
  | { type: 'template.enable' }
  | { type: 'template.delete' };

const editable = {
  'template.saveDraft': 'draft',
  'template.submit': 'waitCheck',
  'template.delete': 'deleted',
} as const;

export const voiceTemplateMachine = setup({
  types: { events: {} as VoiceTemplateEvent },
}).createMachine({
  id: 'voiceTemplate',
  initial: 'draft',
  states: {
    draft: { on: editable },
    waitCheck: { on: { 'review.start': 'ucProcessing', 'template.delete': 'deleted' } },
    ucProcessing: { on: { 'review.pass': 'ucPass', 'review.reject': 'ucReject' } },
    ucPass: { on: { 'audit.start': 'auditProcessing' } },
    ucReject: { on: editable },
    auditProcessing: { on: { 'review.pass': 'auditPass', 'review.reject': 'auditReject' } },
    auditPass: {
      on: { 'template.submit': 'waitCheck', 'template.disable': 'disabled', 'template.delete': 'deleted' },
    },
    auditReject: { on: editable },
    disabled: { on: { 'template.enable': 'auditPass', 'template.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type VoiceTemplateSnapshot = SnapshotFrom<typeof voiceTemplateMachine>;

export const voiceTemplateLifecycle = defineLifecycle(voiceTemplateMachine, VOICE_TEMPLATE_STATE_STATUS);

/** Status 7 (auditPass) is the only usable one (spec 001 §4). */
export const voiceTemplateUsable = (status: number) => status === VOICE_TEMPLATE_STATE_STATUS.auditPass;

/** A rejected template (ucReject or auditReject): the list offers to recreate from it. */
export const voiceTemplateRejected = (status: number) =>
  status === VOICE_TEMPLATE_STATE_STATUS.ucReject || status === VOICE_TEMPLATE_STATE_STATUS.auditReject;

/** Still being reviewed (the list keeps asking while one is on the page). */
export const voiceTemplateInReview = (status: number) =>
  voiceTemplateLifecycle.can(status, 'review.start') ||
  voiceTemplateLifecycle.can(status, 'review.pass') ||
  voiceTemplateLifecycle.can(status, 'audit.start');

/** Saving an edit: a draft-able template stays a draft when asked; anything else goes to check. */
export const voiceTemplateSaveEvent = (draft: boolean): 'template.saveDraft' | 'template.submit' =>
  draft ? 'template.saveDraft' : 'template.submit';
