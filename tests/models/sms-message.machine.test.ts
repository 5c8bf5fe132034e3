import { describe, expect, it } from 'vitest';
import {
  smsMessageLifecycle,
  smsMessageMachine,
  SMS_MESSAGE_STATE_CODE,
  SMS_MESSAGE_STATE_RESULT,
} from '../../src/machines/lifecycles/sms-message.machine';
import { SMS_MESSAGE_RESULTS } from '../../src/gateway/contract/sms-constants';
import { testModel } from './harness';

testModel('sms-message.machine', { machine: smsMessageMachine });

describe('sms message lifecycle rules', () => {
  it('maps every state to a result of the contract', () => {
    for (const result of Object.values(SMS_MESSAGE_STATE_RESULT)) expect(SMS_MESSAGE_RESULTS).toContain(result);
  });

  it('takes a report only once, after the carrier accepted the message', () => {
    const code = SMS_MESSAGE_STATE_CODE;
    expect(smsMessageLifecycle.statusesAllowing('report.success')).toEqual([code.submitted]);
    expect(smsMessageLifecycle.next(code.success, 'report.fail')).toBeNull();
    expect(smsMessageLifecycle.statusesAllowing('send.claim')).toEqual([code.queued, code.sending]);
  });
});
