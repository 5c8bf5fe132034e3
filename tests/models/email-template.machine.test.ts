import { describe, expect, it } from 'vitest';
import {
  emailTemplateLifecycle,
  emailTemplateMachine,
  emailTemplateSaveEvent,
  emailTemplateUsable,
} from '../../src/machines/lifecycles/email-template.machine';
import { EMAIL_TEMPLATE_STATUS as S } from '../../src/gateway/contract/email/template-rules';
import { testModel } from './harness';

testModel('email-template.machine', { machine: emailTemplateMachine });

describe('e-mail template lifecycle rules', () => {
  it('stores every spec 001 §4 status, in the spec order', () => {
    expect(emailTemplateLifecycle.statuses).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('reviews a submitted template and sends an edited one back to review', () => {
    expect(emailTemplateLifecycle.next(S.Draft, 'template.submit')?.status).toBe(S.PendingReview);
    expect(emailTemplateLifecycle.next(S.PendingReview, 'review.start')?.status).toBe(S.InReview);
    expect(emailTemplateLifecycle.next(S.InReview, 'review.pass')?.status).toBe(S.Passed);
    expect(emailTemplateLifecycle.next(S.InReview, 'review.reject')?.status).toBe(S.Rejected);
    expect(emailTemplateLifecycle.next(S.Passed, 'template.submit')?.status).toBe(S.PendingReview);
    expect(emailTemplateLifecycle.next(S.Rejected, 'template.submit')?.status).toBe(S.PendingReview);
    expect(emailTemplateLifecycle.next(S.Expired, 'template.submit')?.status).toBe(S.PendingReview);
  });

  it('refuses edits in review, edits of a disabled template and anything after deletion', () => {
    expect(emailTemplateLifecycle.can(S.InReview, 'template.submit')).toBe(false);
    expect(emailTemplateLifecycle.can(S.InReview, 'template.delete')).toBe(false);
    expect(emailTemplateLifecycle.can(S.Disabled, 'template.submit')).toBe(false);
    expect(emailTemplateLifecycle.next(S.Disabled, 'template.enable')?.status).toBe(S.Passed);
    expect(emailTemplateLifecycle.statusesAllowing('template.delete')).not.toContain(S.Deleted);
  });

  it('keeps a draft a draft only while it is one', () => {
    expect(emailTemplateSaveEvent(S.Draft, true)).toBe('template.saveDraft');
    expect(emailTemplateSaveEvent(S.Passed, true)).toBe('template.submit');
    expect(emailTemplateSaveEvent(S.Draft, false)).toBe('template.submit');
    expect(emailTemplateUsable(S.Passed)).toBe(true);
    expect(emailTemplateUsable(S.Disabled)).toBe(false);
  });
});
