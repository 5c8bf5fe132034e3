import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  smsAiMachine,
  smsTemplateNameOf,
  validateSmsBrief,
  type SmsAiContext,
} from '../../src/machines/sms-ai.machine';
import { statusAfterReview } from '../../src/machines/ai-draft';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

const draft = { Content: 'Good news: Spring sale. Reply STOP to opt out.' };
const usage = { Used: 1, Limit: 20 };
const campaign = { name: 'Spring sale', aim: 2 } as const;

testModel(
  'sms-ai.machine',
  {
    machine: smsAiMachine,
    input: () => ({ language: 'en' as const, campaign }),
    events: {
      'brief.change': [{ value: 'Spring sale on shoes' }, { value: 'x' }],
      'language.change': [{ language: 'zh' }],
      'tone.change': [{ tone: 'playful' }],
      'draft.edit': [{ field: 'Content', value: 'Spring sale, edited. Reply STOP to opt out.' }],
      'xstate.done.actor.generateDraft': [{ output: { Draft: draft, Usage: usage } }],
      'xstate.error.actor.generateDraft': [
        {
          error: new GatewayError('ContentGeneration', RetCode.AiGenerationFailed, 'AI information generation failed'),
        },
        { error: new GatewayError('ContentGeneration', RetCode.AiQuotaUsedUp, 'used up') },
      ],
      'xstate.done.actor.saveDraft': [
        { output: { intent: 'use', templateId: 'UTA0000001', status: SMS_TEMPLATE_STATUS.Passed } },
      ],
      'xstate.error.actor.saveDraft': [
        { error: new GatewayError('CreateUSMSTemplate', RetCode.ValidationError, 'bad') },
      ],
    },
    serializeState: (s: { value: unknown; context: SmsAiContext }) =>
      JSON.stringify([
        s.value,
        s.context.brief.length > 1,
        Boolean(s.context.draft),
        Boolean(s.context.error),
        Boolean(s.context.saved),
        Object.keys(s.context.fieldErrors).length,
      ]),
    states: {
      generating: (s) => expect(validateSmsBrief(s.context)).toEqual({}),
      generated: (s) => expect(s.context.draft?.Content).toBeTruthy(),
      saved: (s) => expect(s.context.saved?.templateId).toBe('UTA0000001'),
      failed: (s) => expect(s.context.error).toBe('AI information generation failed'),
      quotaExhausted: (s) => expect(s.context.error).toBeNull(),
    },
  },
  { requireAllStates: true },
);

describe('AI SMS rules', () => {
  it('asks for a brief of at least 2 characters before generating', () => {
    const actor = createActor(smsAiMachine, { input: { language: 'zh', campaign } }).start();
    actor.send({ type: 'draft.generate' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors.brief).toBe('validation:aiBriefTooShort');
  });

  it('sends the campaign’s aim with the brief, and saves in the language chosen under the campaign’s name', async () => {
    const seen: unknown[] = [];
    const machine = smsAiMachine.provide({
      actors: {
        generateDraft: fromPromise(async ({ input }) => {
          seen.push(input);
          return { Draft: draft, Usage: usage };
        }),
        saveDraft: fromPromise(async ({ input }) => {
          seen.push(input);
          return { intent: input.intent, templateId: 'UTA0000002', status: SMS_TEMPLATE_STATUS.InReview };
        }),
      },
    });
    const actor = createActor(machine, { input: { language: 'zh', campaign } }).start();
    actor.send({ type: 'brief.change', value: '春季大促' });
    actor.send({ type: 'draft.generate' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'draft.use' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([
      { Brief: '春季大促', Language: 'zh', Tone: 'friendly', campaign },
      { intent: 'use', draft, language: 'zh', campaign },
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('names the template after the campaign with the characters SMS template names allow', () => {
    expect(smsTemplateNameOf(campaign)).toBe('AI-Spring_sale');
    expect(smsTemplateNameOf({ name: '春季 促销/2026', aim: 1 })).toBe('AI-春季_促销_2026');
    expect(smsTemplateNameOf({ name: 'x'.repeat(100), aim: 1 })).toHaveLength(64);
    expect(smsTemplateNameOf(null)).toBe('AI-SMS');
  });

  it('waits for the review only to use the template, and stops when it is decided', async () => {
    const signal = new AbortController().signal;
    const reviewing = (status: number) => status < SMS_TEMPLATE_STATUS.Passed;
    let polls = 0;
    const poll = async () => (++polls, SMS_TEMPLATE_STATUS.Rejected);
    expect(await statusAfterReview('save', 0, reviewing, poll, signal)).toBe(0);
    expect(await statusAfterReview('use', SMS_TEMPLATE_STATUS.Passed, reviewing, poll, signal)).toBe(2);
    expect(polls).toBe(0);
  });
});
