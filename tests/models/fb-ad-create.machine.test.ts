import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  emptyFbWizard,
  fbAdCreateMachine,
  fbWizardRequest,
  fbWizardStepErrors,
  type FbAdCreateContext,
} from '../../src/machines/fb-ad-create.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// Every field of the three steps answered: the model explores the steps and the gateway's answers; the
// rules are the contract's table-driven tests (src/gateway/contract/fb-ads.test.ts) and the cases below.
export const FB_FILLED: Record<string, string> = {
  'Campaign.Name': 'Spring sale',
  'AdSet.Name': 'Spring set',
  'AdSet.BidAmount': '1.50',
  'AdSet.DailyBudget': '20',
  'AdSet.Locations': 'US, GB',
  'Ad.Name': 'Spring ad',
  'Ad.PrimaryText': 'Spring shoes, 20% off',
  'Ad.Headline': 'Spring sale',
  'Ad.Link': 'https://shop.example.com/spring',
};

const refused = (field: string, key: string) =>
  new GatewayError('CreateFbCampaign', RetCode.FbAdNameTaken, 'taken', { Fields: [{ Field: field, Key: key }] });

testModel(
  'fb-ad-create.machine',
  {
    machine: fbAdCreateMachine,
    input: () => ({ accountId: '100000000101', values: FB_FILLED, today: '2026-12-01' }),
    events: {
      'field.change': [{ field: 'Campaign.Name', value: 'Spring sale 2' }],
      'xstate.done.actor.createFbCampaign': [{ output: { CampaignId: '1', AdSetId: '2', AdId: '3' } }],
      'xstate.error.actor.createFbCampaign': [
        { error: refused('Campaign.Name', 'validation:fbNameTaken') },
        { error: refused('AdSet.Name', 'validation:fbNameTaken') },
        { error: refused('Ad.Name', 'validation:fbNameTaken') },
        { error: new GatewayError('CreateFbCampaign', RetCode.SystemBusy, 'busy') },
      ],
    },
    serializeState: (s: { value: unknown; context: FbAdCreateContext }) => JSON.stringify(s.value),
    states: {
      adset: (s) => expect(fbWizardStepErrors(s.context.values, 'campaign')).toEqual({}),
      ad: (s) => expect(fbWizardStepErrors(s.context.values, 'adset')).toEqual({}),
      confirm: (s) => expect(fbWizardStepErrors(s.context.values, 'ad')).toEqual({}),
      created: (s) => expect(s.context.created?.AdId).toBe('3'),
    },
  },
  { requireAllStates: true },
);

describe('ad-create wizard rules', () => {
  const start = (values: Record<string, string>) =>
    createActor(fbAdCreateMachine, { input: { values: { ...FB_FILLED, ...values }, today: '2026-12-01' } }).start();

  it('shows a bid cap below zero live, and stays on the ad set step', () => {
    const actor = start({});
    actor.send({ type: 'step.next' });
    actor.send({ type: 'field.change', field: 'AdSet.BidAmount', value: '-1' });
    expect(actor.getSnapshot().context.fieldErrors['AdSet.BidAmount']).toBe('validation:fbAmountNegative');
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('adset');
  });

  it('asks for an end date with a lifetime budget', () => {
    const actor = start({ 'AdSet.BudgetType': 'LIFETIME', 'AdSet.LifetimeBudget': '500' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('adset');
    expect(actor.getSnapshot().context.fieldErrors['AdSet.EndDate']).toBe('validation:fbLifetimeNeedsEnd');
  });

  it('sends cents, the chosen budget only and the location codes', () => {
    const request = fbWizardRequest('100000000101', {
      ...emptyFbWizard('2026-12-01'),
      ...FB_FILLED,
      'AdSet.LifetimeBudget': '9',
      'AdSet.BudgetType': 'DAILY',
    });
    expect(request.AdSet).toMatchObject({
      BidAmount: 150,
      DailyBudget: 2000,
      LifetimeBudget: 0,
      Locations: ['US', 'GB'],
    });
    expect(request.Campaign).toMatchObject({ Objective: 'OUTCOME_SALES', BuyingType: 'AUCTION', SpendCap: 0 });
  });
});
