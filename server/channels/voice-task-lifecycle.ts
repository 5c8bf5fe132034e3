import { voiceTaskLifecycle, type VoiceTaskEvent } from '../../src/machines/lifecycles/voice-task.machine';
import type { KernelTaskEvent, TaskLifecycle } from './channel';

// The voice task lifecycle (statuses 1-12) as the kernel drives it (docs/decisions.md "Voice tasks"): each
// kernel event is a run of voice events. Review passes through checking 8 and audit 10 in one step (the
// template and its voice file were checked usable when the task was accepted); voice has no manual review,
// so the kernel's "flag" rejects; "all submitted" is voice's Submit Success, after which nothing completes.

const VOICE_EVENTS: Record<KernelTaskEvent, VoiceTaskEvent['type'][]> = {
  'parse.done': ['parse.done'],
  'parse.fail': ['parse.fail'],
  'review.start': ['review.start'],
  'review.pass': ['review.pass', 'audit.pass'],
  'review.flag': ['review.reject'],
  'review.reject': ['review.reject'],
  'task.cancel': ['task.cancel'],
  'send.start': ['submit.start'],
  'send.allSubmitted': ['submit.done'],
  'send.complete': [],
  'send.fail': ['submit.fail'],
  'task.delete': ['task.delete'],
};

function run(status: number, event: KernelTaskEvent): number | null {
  const events = VOICE_EVENTS[event];
  if (events.length === 0) return null;
  let current: number | null = status;
  for (const voiceEvent of events)
    current = current === null ? null : (voiceTaskLifecycle.next(current, voiceEvent)?.status ?? null);
  return current;
}

export const voiceKernelTaskLifecycle: TaskLifecycle = {
  can: (status, event) => run(status, event) !== null,
  next(status, event) {
    const after = run(status, event);
    return after === null ? null : { status: after, sub: 0 };
  },
  statusesAllowing: (event) => voiceTaskLifecycle.statuses.filter((status) => run(status, event) !== null),
};
