import { setup } from 'xstate';
import { EMAIL_SENDER_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The e-mail sender lifecycle (spec 001 §4: disabled, enabled, deleted). A sender is made enabled on a
// passed domain; enabling again also needs the domain passed (the server checks that, not this machine).

export const EMAIL_SENDER_STATE_STATUS = {
  disabled: EMAIL_SENDER_STATUS.Disabled,
  enabled: EMAIL_SENDER_STATUS.Enabled,
  deleted: EMAIL_SENDER_STATUS.Deleted,
} as const;

export type EmailSenderEvent = { type: 'sender.enable' } | { type: 'sender.disable' } | { type: 'sender.delete' };

export const emailSenderMachine = setup({
  types: { events: {} as EmailSenderEvent },
}).createMachine({
  id: 'emailSender',
  initial: 'enabled',
  states: {
    enabled: { on: { 'sender.disable': 'disabled', 'sender.delete': 'deleted' } },
    disabled: { on: { 'sender.enable': 'enabled', 'sender.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export const emailSenderLifecycle = defineLifecycle(emailSenderMachine, EMAIL_SENDER_STATE_STATUS);
