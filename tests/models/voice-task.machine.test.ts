import { describe, expect, it } from 'vitest';
import {
  voiceTaskChecking,
  voiceTaskInProgress,
  voiceTaskLifecycle as L,
  voiceTaskMachine,
} from '../../src/machines/lifecycles/voice-task.machine';
import { VOICE_TASK_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('voice-task.machine', { machine: voiceTaskMachine });

describe('voice task lifecycle rules', () => {
  it('stores every spec 001 §4 status 1-12', () => {
    expect([...L.statuses].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('parses, checks, audits, waits, submits', () => {
    expect(L.next(S.Parsing, 'parse.done')?.status).toBe(S.PendingReview);
    expect(L.next(S.Parsing, 'parse.fail')?.status).toBe(S.ParseFailure);
    expect(L.next(S.PendingReview, 'review.start')?.status).toBe(S.Checking);
    expect(L.next(S.Checking, 'review.pass')?.status).toBe(S.AuditChecking);
    expect(L.next(S.AuditChecking, 'audit.pass')?.status).toBe(S.WaitSubmit);
    expect(L.next(S.WaitSubmit, 'submit.start')?.status).toBe(S.Submitting);
    expect(L.next(S.Submitting, 'submit.done')?.status).toBe(S.SubmitSuccess);
    expect(L.next(S.Submitting, 'submit.fail')?.status).toBe(S.Failed);
  });

  it('rejects at the check or the audit, and shows 8 and 10 alike', () => {
    expect(L.next(S.Checking, 'review.reject')?.status).toBe(S.Reject);
    expect(L.next(S.AuditChecking, 'audit.reject')?.status).toBe(S.Reject);
    expect(L.statuses.filter(voiceTaskChecking).sort((a, b) => a - b)).toEqual([S.Checking, S.AuditChecking]);
  });

  it('cancels only a task not yet submitting, deletes only a settled one', () => {
    expect(L.statusesAllowing('task.cancel').sort((a, b) => a - b)).toEqual([S.PendingReview, S.WaitSubmit]);
    expect(L.statusesAllowing('task.delete').sort((a, b) => a - b)).toEqual([
      S.SubmitSuccess,
      S.Failed,
      S.Reject,
      S.Cancel,
      S.ParseFailure,
    ]);
    expect(L.can(S.Submitting, 'task.cancel')).toBe(false);
    expect(L.statuses.filter(voiceTaskInProgress).sort((a, b) => a - b)).toEqual([
      S.PendingReview,
      S.WaitSubmit,
      S.Submitting,
      S.Checking,
      S.AuditChecking,
      S.Parsing,
    ]);
  });
});
