import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  adOpeningMachine,
  adOpeningRequest,
  adOpeningStepErrors,
  type AdOpeningContext,
} from '../../src/machines/ad-opening.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { AD_OPENING_FIELDS_BY_PLATFORM, AD_PLATFORMS } from '../../src/gateway/contract/advertising';
import { testModel } from './harness';

// Every field answered but the platform: the model explores choosing each platform (its branch of
// `details`) and the gateway's answers; the field rules are the unit tests below.
export const FILLED: Record<string, string> = {
  AccountName: 'Spring shop',
  CompanyName: 'Example Ltd',
  PromotionLink: 'https://shop.example.com',
  RegisteredRegion: 'HK',
  LicenseNumber: 'BR-123456',
  Industry: 'ecommerce',
  SubIndustry: 'apparel',
  BmId: '1234567890',
  PixelId: '9876543210',
  UsLandingEcommerce: 'no',
  MccId: '123-456-7890',
  Email: 'ads@example.com',
  CompanyEnglishName: 'Example Trading',
  Address: '1 Harbour Road',
  Website: 'https://example.com',
  ParentCompany: 'Example Holdings',
  CustomerCategory: 'ecommerce',
  TwitterLink: 'https://x.com/example',
  TwitterHandle: '@example',
  NewAccount: 'yes',
  PublicProfile: 'https://snapchat.com/add/example',
  CampaignLink: 'https://example.com/campaign',
  OperationType: 'agency',
  ReferenceNumber: 'REF-001',
  StartDate: '2026-12-01',
  TargetCountries: 'US, CA',
  AdTarget: 'installs',
  IdealPrice: '1.50',
  Budget: '5000',
};

const refused = (field: string, key: string) =>
  new GatewayError('ApplyAdAccount', RetCode.ValidationError, 'bad', { Fields: [{ Field: field, Key: key }] });

testModel(
  'ad-opening.machine',
  {
    machine: adOpeningMachine,
    input: () => ({ values: FILLED }),
    events: {
      'field.change': AD_PLATFORMS.map((p) => ({ field: 'PlatformId', value: String(p.id) })),
      'xstate.done.actor.applyAdAccount': [{ output: { ApplicationId: 'AA0000000000000001', Status: 3 } }],
      'xstate.error.actor.applyAdAccount': [
        { error: refused('PromotionLink', 'validation:adLinkScheme') },
        { error: refused('BmId', 'validation:adIdDigits') },
        { error: new GatewayError('ApplyAdAccount', RetCode.SystemBusy, 'busy') },
      ],
    },
    serializeState: (s: { value: unknown; context: AdOpeningContext }) =>
      JSON.stringify([s.value, s.context.values.PlatformId]),
    states: {
      company: (s) => expect(adOpeningStepErrors(s.context.values, 'platform')).toEqual({}),
      details: (s) => expect(adOpeningStepErrors(s.context.values, 'company')).toEqual({}),
      confirm: (s) => expect(adOpeningStepErrors(s.context.values, 'details')).toEqual({}),
      submitted: (s) => expect(s.context.applicationId).toBe('AA0000000000000001'),
    },
  },
  { requireAllStates: true },
);

describe('ad opening form rules', () => {
  it('stops at the platform step until a platform is chosen', () => {
    const actor = createActor(adOpeningMachine, { input: {} }).start();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('platform');
    expect(actor.getSnapshot().context.fieldErrors.PlatformId).toBe('validation:adPlatformInvalid');
  });

  it('names quantity 0 and a link without http(s) at the company step', () => {
    const actor = createActor(adOpeningMachine, { input: { values: { ...FILLED, PlatformId: '1' } } }).start();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'field.change', field: 'Quantity', value: '0' });
    actor.send({ type: 'field.change', field: 'PromotionLink', value: 'shop.example.com' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('company');
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      Quantity: 'validation:adQuantityMin',
      PromotionLink: 'validation:adLinkScheme',
    });
  });

  it.each(AD_PLATFORMS)('takes $name to its own branch and asks only its own fields', (platform) => {
    const actor = createActor(adOpeningMachine, {
      input: { values: { ...FILLED, PlatformId: String(platform.id), BmId: '', MccId: '', TwitterHandle: '' } },
    }).start();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toEqual({ details: platform.slug });
    actor.send({ type: 'step.next' });
    const asked = AD_OPENING_FIELDS_BY_PLATFORM[platform.id].filter((f) =>
      ['BmId', 'MccId', 'TwitterHandle'].includes(f),
    );
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual([...asked].sort());
    expect(actor.getSnapshot().value).toEqual(asked.length ? { details: platform.slug } : 'confirm');
  });

  it('sends only the chosen platform’s fields', () => {
    const request = adOpeningRequest({ ...FILLED, PlatformId: '2', Quantity: '3', TimeZone: 'UTC+8', Currency: 'USD' });
    expect(request).toMatchObject({ PlatformId: 2, Quantity: 3, MccId: '123-456-7890', Email: 'ads@example.com' });
    expect(request).not.toHaveProperty('BmId');
  });
});
