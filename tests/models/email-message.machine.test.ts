import { describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGE_KERNEL_CODES,
  EMAIL_MESSAGE_STATE_CODE,
  EMAIL_MESSAGE_STATE_RESULT,
  emailMessageLifecycle,
  emailMessageMachine,
} from '../../src/machines/lifecycles/email-message.machine';
import { EMAIL_MESSAGE_RESULTS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('email-message.machine', { machine: emailMessageMachine });

describe('email message lifecycle rules', () => {
  it('maps every state to a spec result', () => {
    for (const result of Object.values(EMAIL_MESSAGE_STATE_RESULT)) expect(EMAIL_MESSAGE_RESULTS).toContain(result);
  });

  it('takes one final result, only after the SMTP hand-over', () => {
    const code = EMAIL_MESSAGE_STATE_CODE;
    expect(emailMessageLifecycle.statusesAllowing('report.success')).toEqual([code.submitted]);
    expect(emailMessageLifecycle.next(code.submitted, 'report.softBounce')?.status).toBe(code.softBounce);
    expect(emailMessageLifecycle.next(code.deliver, 'report.fail')).toBeNull();
    expect(EMAIL_MESSAGE_KERNEL_CODES.failByCode.soft_bounce).toBe(code.softBounce);
  });
});
