import { expect } from 'vitest';
import { resendCountdownMachine } from '../../src/machines/resend-countdown.machine';
import { testModel } from './harness';

testModel('resend-countdown.machine', {
  machine: resendCountdownMachine,
  input: () => ({ seconds: 3 }),
  serializeState: (s) => JSON.stringify([s.value, s.context.remaining]),
  states: { done: (s) => expect(s.context.remaining).toBe(0) },
});
