import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  emailAiMachine,
  templateNameOf,
  validateBrief,
  type EmailAiContext,
} from '../../src/machines/email-ai.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_TEMPLATE_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

const draft = { Subject: 'Good news: Spring sale', PreviewText: 'Spring sale', Html: '<p>Spring sale</p>' };
const usage = { Used: 1, Limit: 20 };

testModel(
  'email-ai.machine',
  {
    machine: emailAiMachine,
    input: () => ({ language: 'en' as const }),
    events: {
      'brief.change': [{ value: 'Spring sale on shoes' }, { value: 'x' }],
      'language.change': [{ language: 'zh' }],
      'tone.change': [{ tone: 'playful' }],
      'draft.edit': [{ field: 'Subject', value: 'Spring sale, edited' }],
      'xstate.done.actor.generateDraft': [{ output: { Draft: draft, Usage: usage } }],
      'xstate.error.actor.generateDraft': [
        {
          error: new GatewayError(
            'GenerateEmailContent',
            RetCode.AiGenerationFailed,
            'AI information generation failed',
          ),
        },
        { error: new GatewayError('GenerateEmailContent', RetCode.AiQuotaUsedUp, 'used up') },
      ],
      'xstate.done.actor.saveDraft': [
        { output: { intent: 'use', templateId: 'ET00000001', status: EMAIL_TEMPLATE_STATUS.Passed } },
      ],
      'xstate.error.actor.saveDraft': [
        { error: new GatewayError('CreateEmailTemplate', RetCode.ValidationError, 'bad') },
      ],
    },
    serializeState: (s: { value: unknown; context: EmailAiContext }) =>
      JSON.stringify([
        s.value,
        s.context.brief.length > 1,
        Boolean(s.context.draft),
        Boolean(s.context.error),
        Boolean(s.context.saved),
        Object.keys(s.context.fieldErrors).length,
      ]),
    states: {
      generating: (s) => expect(validateBrief(s.context)).toEqual({}),
      generated: (s) => expect(s.context.draft).not.toBeNull(),
      saved: (s) => expect(s.context.saved?.templateId).toBe('ET00000001'),
      failed: (s) => expect(s.context.error).toBe('AI information generation failed'),
      quotaExhausted: (s) => expect(s.context.error).toBeNull(),
    },
  },
  { requireAllStates: true },
);

describe('AI e-mail rules', () => {
  it('asks for a brief of at least 2 characters before generating', () => {
    const actor = createActor(emailAiMachine, { input: { language: 'en' } }).start();
    actor.send({ type: 'draft.generate' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors.brief).toBe('validation:aiBriefTooShort');
    actor.send({ type: 'brief.change', value: 'ok' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('names a template after the subject within 64 characters', () => {
    expect(templateNameOf('Spring sale')).toBe('AI: Spring sale');
    expect(templateNameOf('x'.repeat(100))).toHaveLength(64);
  });
});
