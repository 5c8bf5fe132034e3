import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  emailCampaignMachine,
  saveCampaignRequest,
  smsCampaignMachine,
} from '../../src/machines/campaign-editor.machine';
import type { SendContext, SendPreview, SendTemplate } from '../../src/machines/sms-send.machine';
import { validateSend } from '../../src/machines/sms-send.machine';
import { validateEmailSend } from '../../src/machines/email-send.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// The campaign editors are the send wizard's statechart under their own ids, with a list or a segment as
// the only recipients and SaveCampaign as the last step: their paths are generated from the machines.

const template: SendTemplate = {
  TemplateId: 'UT00000001',
  TemplateName: 'Spring',
  Content: 'Spring sale',
  VariableCount: 0,
};
const preview: SendPreview = { Content: 'Spring sale', VariableCount: 0, Price: 10, EstimatedCost: 30 };
const saved = { CampaignId: 'CP0000000000000001', Status: 1, Type: 'sms' };
const audience = { id: 7, name: 'Spring buyers', count: 3 };
const input = (recipientKind: 'phone' | 'email') => () => ({
  trial: false,
  timeZone: 'UTC',
  audienceOnly: true,
  recipientKind,
  countryCode: 'US',
});

for (const [name, machine, kind, validate] of [
  ['sms', smsCampaignMachine, 'phone', (c: SendContext) => validateSend(c)],
  ['email', emailCampaignMachine, 'email', validateEmailSend],
] as const) {
  const serializeState = (s: { value: unknown; context: SendContext }) =>
    JSON.stringify([s.value, Object.keys(validate(s.context)).length === 0, Boolean(s.context.audience)]);
  testModel(
    `campaign-editor.machine (${name})`,
    {
      machine,
      input: input(kind),
      events: {
        'field.change':
          kind === 'email'
            ? [
                { field: 'taskName', value: 'Spring_mail' },
                { field: 'senderId', value: 'ES00000001' },
              ]
            : [{ field: 'taskName', value: 'Spring_sms' }],
        'template.select': [{ template }],
        'audience.select': [{ audience }],
        'xstate.done.actor.loadPreview': [{ output: preview }],
        'xstate.done.actor.submitTask': [{ output: saved }],
        'xstate.error.actor.submitTask': [
          { error: new GatewayError('SaveCampaign', RetCode.PlanNameExists, 'Plan or campaign name already in use') },
        ],
      },
      skipEvents: [
        'tags.set',
        'source.set',
        'paste.change',
        'paste.checked',
        'file.select',
        'file.parsed',
        'file.progress',
        'file.failed',
        'paste.progress',
        'paste.failed',
        'mapping.change',
      ],
      serializeState,
      limit: 5_000,
      states: {
        submitting: (s: { context: SendContext }) => expect(validate(s.context)).toEqual({}),
        submitted: (s: { context: SendContext }) =>
          expect(s.context.result).toMatchObject({ CampaignId: saved.CampaignId }),
        failed: (s: { context: SendContext }) => expect(s.context.error).toBe('Plan or campaign name already in use'),
      },
    } as never,
    { requireAllStates: false },
  );
}

describe('campaign editor rules', () => {
  it('has its own ids and sends to a list or a segment only', () => {
    expect(smsCampaignMachine.id).toBe('smsCampaign');
    expect(emailCampaignMachine.id).toBe('emailCampaign');
    const actor = createActor(smsCampaignMachine, { input: input('phone')() }).start();
    expect(actor.getSnapshot().context.source).toBe('list');
    actor.send({ type: 'source.set', source: 'paste' });
    expect(actor.getSnapshot().context.source).toBe('list');
    actor.send({ type: 'source.set', source: 'segment' });
    expect(actor.getSnapshot().context.source).toBe('segment');
  });

  it('saves the channel request under the campaign, the e-mail one with addresses as AddEmailSendTask takes them', () => {
    const request = {
      TaskName: 'Spring',
      TemplateId: 'ET1',
      CountryCode: '',
      SenderId: 'ES1',
      ListId: 7,
      IdempotencyKey: 'k',
    };
    expect(saveCampaignRequest('email', request, { aim: 2, source: 'ai' })).toEqual({
      Type: 'email',
      Aim: 2,
      Source: 'ai',
      Email: { TaskName: 'Spring', TemplateId: 'ET1', SenderId: 'ES1', ListId: 7, IdempotencyKey: 'k' },
    });
    expect(saveCampaignRequest('sms', request, { campaignId: 'CP1', aim: 1, source: 'editor' })).toMatchObject({
      CampaignId: 'CP1',
      Type: 'sms',
      Sms: request,
    });
  });
});
