import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../gateway/contract/field-errors';
import { failureText, serverFieldErrors } from '../gateway/client/failures';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { createFbCampaignMutation } from '../gateway/client/mutations/fb-ads';
import type { ActionInput } from '../gateway/contract/actions/registry';
import {
  FB_AD_DEFAULTS,
  FB_CAMPAIGN_DEFAULTS,
  centsOf,
  fbAdIssues,
  fbAdSetDefaults,
  fbAdSetIssues,
  fbCampaignIssues,
  type FbAdFields,
  type FbAdSetFields,
  type FbCampaignFields,
} from '../gateway/contract/fb-ads';

// The ad-create wizard (/advertising/facebook/ad-create/{adsAccountId}/{platformId}; issue 17 item 6):
// the campaign, then its ad set, then its ad, each step checked live with the contract's rules
// (src/gateway/contract/fb-ads.ts) and again on Next; a check of the three, then CreateFbCampaign. The
// gateway's refused fields send the user back to the step that holds them; nothing is sent before the
// three steps pass.

export type FbWizardStep = 'campaign' | 'adset' | 'ad';
/** The form's answers as typed, keyed "Campaign.Name", "AdSet.BidAmount", "Ad.Link", … */
export type FbWizardValues = Record<string, string>;

export interface FbAdCreateContext {
  client: QueryClient | null;
  accountId: string;
  values: FbWizardValues;
  fieldErrors: FieldErrors;
  error: string | null;
  created: { CampaignId: string; AdSetId: string; AdId: string } | null;
}

export type FbAdCreateEvent =
  | { type: 'field.change'; field: string; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'form.submit' };

const PREFIX: Record<FbWizardStep, string> = { campaign: 'Campaign', adset: 'AdSet', ad: 'Ad' };
const AMOUNTS = new Set(['Campaign.SpendCap', 'AdSet.BidAmount', 'AdSet.DailyBudget', 'AdSet.LifetimeBudget']);

const prefixed = (prefix: string, fields: object) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      `${prefix}.${key}`,
      Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'number'
          ? value
            ? String(value / 100)
            : ''
          : String(value),
    ]),
  );

export const emptyFbWizard = (today: string): FbWizardValues => ({
  ...prefixed('Campaign', FB_CAMPAIGN_DEFAULTS),
  ...prefixed('AdSet', fbAdSetDefaults(today)),
  ...prefixed('Ad', FB_AD_DEFAULTS),
});

/** A typed amount as cents ('' = 0; not an amount = NaN, which the rules refuse). */
const amount = (text: string | undefined) => (text?.trim() ? centsOf(text) : 0);

function levelFields(values: FbWizardValues, prefix: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const name = key.slice(prefix.length + 1);
    if (AMOUNTS.has(key)) fields[name] = amount(value);
    else if (key === 'AdSet.Locations')
      fields[name] = value
        .split(/[\s,]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean);
    else fields[name] = value;
  }
  // the budget type chooses which budget is sent
  if (prefix === 'AdSet') {
    if (fields.BudgetType === 'DAILY') fields.LifetimeBudget = 0;
    if (fields.BudgetType === 'LIFETIME') fields.DailyBudget = 0;
  }
  return fields;
}

export function fbWizardRequest(accountId: string, values: FbWizardValues): ActionInput<'CreateFbCampaign'> {
  return {
    AccountId: accountId,
    Campaign: levelFields(values, 'Campaign') as unknown as FbCampaignFields,
    AdSet: levelFields(values, 'AdSet') as unknown as FbAdSetFields,
    Ad: levelFields(values, 'Ad') as unknown as FbAdFields,
  };
}

/** The rules' problems on one step's fields, keyed like the form ("AdSet.EndDate"). */
export function fbWizardStepErrors(values: FbWizardValues, step: FbWizardStep): FieldErrors {
  const request = fbWizardRequest('', values);
  const issues =
    step === 'campaign'
      ? fbCampaignIssues(request.Campaign as FbCampaignFields)
      : step === 'adset'
        ? fbAdSetIssues(request.AdSet as FbAdSetFields)
        : fbAdIssues(request.Ad as FbAdFields);
  const errors: FieldErrors = {};
  for (const issue of issues) errors[`${PREFIX[step]}.${issue.Field}`] ??= issue.Key;
  return errors;
}

const stepOf = (field: string): FbWizardStep =>
  field.startsWith('Campaign.') ? 'campaign' : field.startsWith('AdSet.') ? 'adset' : 'ad';

const IDENTITY = new Proxy({} as Record<string, string>, {
  get: (_, key) => (typeof key === 'string' ? key : undefined),
});
const refusedStep = (error: unknown) => {
  const fields = Object.keys(serverFieldErrors(error, IDENTITY));
  return fields.length ? stepOf(fields[0]) : null;
};

/** The gateway's refused fields, keyed like the form (the ad-edit page shows them at their fields). */
export const fbRefusedFields = (error: unknown): FieldErrors => serverFieldErrors(error, IDENTITY);

const stepValid =
  (step: FbWizardStep) =>
  ({ context }: { context: FbAdCreateContext }) =>
    Object.keys(fbWizardStepErrors(context.values, step)).length === 0;

const refusedAt =
  (step: FbWizardStep) =>
  ({ event }: { event: unknown }) =>
    refusedStep((event as { error?: unknown }).error) === step;

export const fbAdCreateMachine = setup({
  types: {
    context: {} as FbAdCreateContext,
    events: {} as FbAdCreateEvent,
    input: {} as { client?: QueryClient | null; accountId?: string; values?: FbWizardValues; today?: string },
  },
  actors: {
    createFbCampaign: fromPromise(
      ({ input }: { input: { client: QueryClient | null; request: ActionInput<'CreateFbCampaign'> } }) =>
        runMutation(input.client!, createFbCampaignMutation(input.client!), input.request),
    ),
  },
  guards: {
    campaignValid: stepValid('campaign'),
    adSetValid: stepValid('adset'),
    adValid: stepValid('ad'),
    refusedCampaign: refusedAt('campaign'),
    refusedAdSet: refusedAt('adset'),
    refusedAd: refusedAt('ad'),
  },
  actions: {
    // live: the changed field's rule is checked as it is typed
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      const live = fbWizardStepErrors(values, stepOf(event.field));
      const fieldErrors = { ...context.fieldErrors, [event.field]: live[event.field] };
      // choosing the budget type or changing a date re-checks its partners
      for (const partner of ['AdSet.EndDate', 'AdSet.DailyBudget', 'AdSet.LifetimeBudget'])
        if (partner !== event.field && context.fieldErrors[partner]) fieldErrors[partner] = live[partner];
      return { values, fieldErrors };
    }),
    showErrors: assign(({ context }, params: { step: FbWizardStep }) => ({
      fieldErrors: fbWizardStepErrors(context.values, params.step),
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverFieldErrors(params.error, IDENTITY),
    })),
    storeCreated: assign((_, output: { CampaignId: string; AdSetId: string; AdId: string }) => ({ created: output })),
  },
}).createMachine({
  id: 'fbAdCreate',
  context: ({ input }) => ({
    client: input?.client ?? null,
    accountId: input?.accountId ?? '',
    values: { ...emptyFbWizard(input?.today ?? new Date().toISOString().slice(0, 10)), ...input?.values },
    fieldErrors: {},
    error: null,
    created: null,
  }),
  initial: 'campaign',
  on: { 'field.change': { actions: 'setField' } },
  states: {
    campaign: {
      on: {
        'step.next': [
          { guard: 'campaignValid', target: 'adset', actions: 'clearErrors' },
          { actions: { type: 'showErrors', params: { step: 'campaign' } } },
        ],
      },
    },
    adset: {
      on: {
        'step.back': { target: 'campaign', actions: 'clearErrors' },
        'step.next': [
          { guard: 'adSetValid', target: 'ad', actions: 'clearErrors' },
          { actions: { type: 'showErrors', params: { step: 'adset' } } },
        ],
      },
    },
    ad: {
      on: {
        'step.back': { target: 'adset', actions: 'clearErrors' },
        'step.next': [
          { guard: 'adValid', target: 'confirm', actions: 'clearErrors' },
          { actions: { type: 'showErrors', params: { step: 'ad' } } },
        ],
      },
    },
    confirm: {
      on: {
        'step.back': { target: 'ad' },
        'form.submit': 'submitting',
      },
    },
    submitting: {
      invoke: {
        id: 'createFbCampaign',
        src: 'createFbCampaign',
        input: ({ context }) => ({
          client: context.client,
          request: fbWizardRequest(context.accountId, context.values),
        }),
        onDone: { target: 'created', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'refusedCampaign',
            target: 'campaign',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'refusedAdSet',
            target: 'adset',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'refusedAd',
            target: 'ad',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'form.submit': { target: 'submitting', actions: 'clearErrors' },
        'step.back': { target: 'ad', actions: 'clearErrors' },
      },
    },
    created: { type: 'final' },
  },
});
