import { describe, expect, it } from 'vitest';
import {
  smsTemplateLifecycle,
  smsTemplateMachine,
  smsTemplateUsable,
  SMS_TEMPLATE_STATE_STATUS,
} from '../../src/machines/lifecycles/sms-template.machine';
import { SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/sms-constants';
import { testModel } from './harness';

testModel('sms-template.machine', { machine: smsTemplateMachine });

describe('sms template lifecycle rules', () => {
  it('names the same status numbers as the contract', () => {
    expect(SMS_TEMPLATE_STATE_STATUS).toEqual({
      pendingReview: SMS_TEMPLATE_STATUS.PendingReview,
      inReview: SMS_TEMPLATE_STATUS.InReview,
      passed: SMS_TEMPLATE_STATUS.Passed,
      rejected: SMS_TEMPLATE_STATUS.Rejected,
      deleted: SMS_TEMPLATE_STATUS.Deleted,
    });
  });

  it('resubmits a rejected template and refuses edits during review', () => {
    expect(smsTemplateLifecycle.next(SMS_TEMPLATE_STATUS.Rejected, 'template.update')?.status).toBe(
      SMS_TEMPLATE_STATUS.PendingReview,
    );
    expect(smsTemplateLifecycle.next(SMS_TEMPLATE_STATUS.InReview, 'template.update')).toBeNull();
    expect(smsTemplateLifecycle.next(SMS_TEMPLATE_STATUS.Deleted, 'template.delete')).toBeNull();
    expect(smsTemplateUsable(SMS_TEMPLATE_STATUS.Passed)).toBe(true);
    expect(smsTemplateUsable(SMS_TEMPLATE_STATUS.PendingReview)).toBe(false);
  });
});
