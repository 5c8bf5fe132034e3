import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AIGC_NETWORK_FAILURE_KEY,
  aigcGenerationMachine,
  type AigcGenerationContext,
} from '../../src/machines/aigc-generation.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { AigcCreateInput, AigcDesign } from '../../src/gateway/contract/actions/aigc';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

const request: AigcCreateInput = {
  Prompt: 'Spring shoes',
  Width: 320,
  Height: 180,
  Category: 'banner',
  Industry: 'retail',
};
const design = (Status: number): AigcDesign => ({
  TaskId: 'AI0000000000000001',
  Status,
  Prompt: 'Spring shoes',
  Width: 320,
  Height: 180,
  Category: 'banner',
  Industry: 'retail',
  Reason: Status === 3 ? 'refused' : '',
  ImageUrl: Status === 2 ? '/files/x' : '',
  InLibrary: false,
  CreateTime: 1,
  FinishTime: Status === 1 ? 0 : 2,
});

testModel('aigc-generation.machine', {
  machine: aigcGenerationMachine,
  input: () => ({}),
  events: {
    'generate.start': [{ request }],
    'generate.resume': [{ taskId: 'AI0000000000000001' }],
    'generate.retry': [{}],
    'xstate.done.actor.createTask': [{ output: { TaskId: 'AI0000000000000001', Usage: { Used: 1, Limit: 3 } } }],
    'xstate.error.actor.createTask': [
      { error: new GatewayError('CreateAIGCContentGenerationTask', RetCode.AigcBusy, 'Busy') },
    ],
    'xstate.done.actor.getResult': [{ output: design(1) }, { output: design(2) }, { output: design(3) }],
    'xstate.error.actor.getResult': [{ error: new TypeError('Failed to fetch') }],
  },
  serializeState: (s: { value: unknown; context: AigcGenerationContext }) =>
    JSON.stringify([s.value, s.context.taskId, s.context.design?.Status ?? null, s.context.error]),
  states: {
    done: (s) => expect(s.context.design?.ImageUrl).toBe('/files/x'),
    failed: (s) => expect(s.context.design?.Reason).toBe('refused'),
    refused: (s) => expect(s.context.error).toBe('Busy'),
    lost: (s) => expect(s.context.error).toBe(AIGC_NETWORK_FAILURE_KEY),
  },
});

describe('one AI image', () => {
  it('asks for the result of the task it started until it is painted', async () => {
    const asked: string[] = [];
    const machine = aigcGenerationMachine.provide({
      actors: {
        createTask: fromPromise(async () => ({ TaskId: 'AI0000000000000002', Usage: { Used: 1, Limit: 3 } })),
        getResult: fromPromise(async ({ input }: { input: { client: QueryClient | null; taskId: string } }) => {
          asked.push(input.taskId);
          return design(asked.length < 2 ? 1 : 2);
        }),
      },
      delays: { pollInterval: 0 },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'generate.start', request });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('done');
    expect(asked).toEqual(['AI0000000000000002', 'AI0000000000000002']);
  });
});
