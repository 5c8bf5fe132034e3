import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  shortLinkCreateMachine,
  validateShortLink,
  type ShortLinkCreateContext,
} from '../../src/machines/short-link-create.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ShortLink } from '../../src/gateway/contract/actions/short-links';
import { testModel } from './harness';

const created = { LinkId: 'SL00000001', ShortUrl: 'http://localhost/s/Ab3dE9xZ' } as ShortLink;

testModel(
  'short-link-create.machine',
  {
    machine: shortLinkCreateMachine,
    input: () => ({}),
    events: {
      'field.change': [
        { field: 'title', value: 'Spring sale' },
        { field: 'url', value: 'https://shop.example.com/spring' },
        { field: 'url', value: 'javascript:alert(1)' },
        { field: 'utmSource', value: 'newsletter' },
        { field: 'utmMedium', value: 'email' },
        { field: 'utmCampaign', value: 'spring' },
      ],
      'form.reset': [{}],
      'xstate.done.actor.createLink': [{ output: created }],
      'xstate.error.actor.createLink': [
        {
          error: new GatewayError('CreateShortLink', RetCode.ValidationError, 'bad', {
            Fields: [{ Field: 'Url', Key: 'validation:shortLinkUrlScheme' }],
          }),
        },
      ],
    },
    serializeState: (s: { value: unknown; context: ShortLinkCreateContext }) =>
      JSON.stringify([s.value, Object.keys(validateShortLink(s.context.values)).sort(), Boolean(s.context.error)]),
    states: {
      submitting: (s) => expect(validateShortLink(s.context.values)).toEqual({}),
      created: (s) => expect(s.context.created?.LinkId).toBe('SL00000001'),
      failed: (s) => expect(s.context.fieldErrors.url).toBe('validation:shortLinkUrlScheme'),
    },
  },
  { requireAllStates: true },
);

describe('short link form rules', () => {
  it('names every missing required field and refuses a javascript: link at its field', () => {
    const actor = createActor(shortLinkCreateMachine).start();
    actor.send({ type: 'field.change', field: 'url', value: 'javascript:alert(1)' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      title: 'validation:shortLinkTitleRequired',
      url: 'validation:shortLinkUrlScheme',
      utmSource: 'validation:utmSourceRequired',
      utmMedium: 'validation:utmMediumRequired',
      utmCampaign: 'validation:utmCampaignRequired',
    });
  });
});
