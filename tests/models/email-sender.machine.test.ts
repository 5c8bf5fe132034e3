import { describe, expect, it } from 'vitest';
import { emailSenderLifecycle, emailSenderMachine } from '../../src/machines/lifecycles/email-sender.machine';
import { EMAIL_SENDER_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('email-sender.machine', { machine: emailSenderMachine });

describe('e-mail sender lifecycle rules', () => {
  const { Disabled, Enabled, Deleted } = EMAIL_SENDER_STATUS;

  it('starts enabled, toggles between enabled and disabled, and deletes from both', () => {
    expect(emailSenderLifecycle.statusOf(emailSenderMachine.getInitialSnapshot(null as never)).status).toBe(Enabled);
    expect(emailSenderLifecycle.next(Enabled, 'sender.disable')?.status).toBe(Disabled);
    expect(emailSenderLifecycle.next(Disabled, 'sender.enable')?.status).toBe(Enabled);
    expect(emailSenderLifecycle.next(Enabled, 'sender.enable')).toBeNull();
    expect(emailSenderLifecycle.next(Disabled, 'sender.delete')?.status).toBe(Deleted);
    expect(emailSenderLifecycle.next(Deleted, 'sender.enable')).toBeNull();
    expect(emailSenderLifecycle.statusesAllowing('sender.delete')).toEqual([Disabled, Enabled]);
  });
});
