import { describe, expect, it } from 'vitest';
import {
  voiceTemplateInReview,
  voiceTemplateLifecycle as L,
  voiceTemplateMachine,
  voiceTemplateRejected,
  voiceTemplateUsable,
} from '../../src/machines/lifecycles/voice-template.machine';
import { VOICE_TEMPLATE_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('voice-template.machine', { machine: voiceTemplateMachine });

describe('voice template lifecycle rules', () => {
  it('stores every spec 001 §4 status 1-10, in the spec order', () => {
    expect(L.statuses).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reviews in two visible steps: the content check, then the audit', () => {
    expect(L.next(S.Draft, 'template.submit')?.status).toBe(S.WaitCheck);
    expect(L.next(S.WaitCheck, 'review.start')?.status).toBe(S.UcProcessing);
    expect(L.next(S.UcProcessing, 'review.pass')?.status).toBe(S.UcPass);
    expect(L.next(S.UcProcessing, 'review.reject')?.status).toBe(S.UcReject);
    expect(L.next(S.UcPass, 'audit.start')?.status).toBe(S.AuditProcessing);
    expect(L.next(S.AuditProcessing, 'review.pass')?.status).toBe(S.AuditPass);
    expect(L.next(S.AuditProcessing, 'review.reject')?.status).toBe(S.AuditReject);
  });

  it('makes 7 the only usable status and lets a rejected one be edited or kept as a draft', () => {
    expect(L.statuses.filter(voiceTemplateUsable)).toEqual([S.AuditPass]);
    expect(L.statuses.filter(voiceTemplateRejected)).toEqual([S.UcReject, S.AuditReject]);
    expect(L.statusesAllowing('template.saveDraft')).toEqual([S.Draft, S.UcReject, S.AuditReject]);
    expect(L.statusesAllowing('template.submit')).toEqual([S.Draft, S.UcReject, S.AuditPass, S.AuditReject]);
    expect(L.statuses.filter(voiceTemplateInReview)).toEqual([
      S.WaitCheck,
      S.UcProcessing,
      S.UcPass,
      S.AuditProcessing,
    ]);
  });

  it('disables and enables only an approved template, and nothing follows deletion', () => {
    expect(L.next(S.AuditPass, 'template.disable')?.status).toBe(S.Disabled);
    expect(L.next(S.Disabled, 'template.enable')?.status).toBe(S.AuditPass);
    expect(L.can(S.AuditReject, 'template.disable')).toBe(false);
    expect(L.can(S.UcProcessing, 'template.delete')).toBe(false);
    expect(L.statusesAllowing('template.delete')).not.toContain(S.Deleted);
  });
});
