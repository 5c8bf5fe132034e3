import { describe, expect, it } from 'vitest';
import { waTemplateLifecycle, waTemplateMachine } from '../../src/machines/lifecycles/wa-template.machine';
import { WA_TEMPLATE_STATUS as S } from '../../src/gateway/contract/wa-templates';
import { testModel } from './harness';

testModel('wa-template.machine', { machine: waTemplateMachine });

describe('WhatsApp template lifecycle rules', () => {
  it('reviews a pending template to approved, rejected or limit exceeded', () => {
    expect(waTemplateLifecycle.next(S.PENDING, 'review.approve')?.status).toBe(S.APPROVED);
    expect(waTemplateLifecycle.next(S.PENDING, 'review.reject')?.status).toBe(S.REJECTED);
    expect(waTemplateLifecycle.next(S.PENDING, 'review.limit')?.status).toBe(S.LIMIT_EXCEEDED);
  });

  it('resubmits rejected and approved ones; an approved one keeps its category', () => {
    expect(waTemplateLifecycle.statusesAllowing('template.edit')).toEqual([S.APPROVED, S.REJECTED]);
    expect(waTemplateLifecycle.can(S.APPROVED, { type: 'template.edit', categoryChanged: true })).toBe(false);
    expect(waTemplateLifecycle.can(S.REJECTED, { type: 'template.edit', categoryChanged: true })).toBe(true);
    expect(waTemplateLifecycle.can(S.PENDING, 'template.edit')).toBe(false);
  });

  it('appeals, pauses and disables as the platform allows', () => {
    expect(waTemplateLifecycle.next(S.REJECTED, 'template.appeal')?.status).toBe(S.IN_APPEAL);
    expect(waTemplateLifecycle.next(S.IN_APPEAL, 'review.approve')?.status).toBe(S.APPROVED);
    expect(waTemplateLifecycle.next(S.PAUSED, 'template.unpause')?.status).toBe(S.APPROVED);
    expect(waTemplateLifecycle.next(S.APPROVED, 'template.disable')?.status).toBe(S.DISABLED);
  });

  it('deletes through pending deletion, never twice', () => {
    expect(waTemplateLifecycle.next(S.APPROVED, 'template.delete')?.status).toBe(S.PENDING_DELETION);
    expect(waTemplateLifecycle.next(S.PENDING_DELETION, 'deletion.confirm')?.status).toBe(S.DELETED);
    expect(waTemplateLifecycle.can(S.IN_APPEAL, 'template.delete')).toBe(false);
    expect(waTemplateLifecycle.can(S.DELETED, 'template.delete')).toBe(false);
  });
});
