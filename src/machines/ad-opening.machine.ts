import { and, assign, fromPromise, setup } from 'xstate';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { failureText, serverFieldErrors } from '../gateway/client/failures';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { applyAdAccountMutation } from '../gateway/client/mutations/advertising';
import { adOpeningSchema, type AdOpeningRequest } from '../gateway/contract/actions/advertising';
import {
  AD_DEFAULT_TIME_ZONE,
  AD_OPENING_COMMON_FIELDS,
  AD_OPENING_PLATFORM_FIELDS,
  AD_PLATFORMS,
  adOpeningRequiredFields,
  adPlatformById,
  type AdPlatformId,
  type AdPlatformSlug,
} from '../gateway/contract/advertising';

// The ad account opening application (issue 17 item 3): choose the platform, fill the company and
// account fields every platform needs, then the chosen platform's own fields (one branch per platform
// in `details`), check, and send ApplyAdAccount. Each step is checked with the contract's schema before
// the next; the gateway's refused fields send the user back to the step that holds them.

export type AdOpeningValues = Record<string, string>;

export interface AdOpeningContext {
  client: QueryClient | null;
  values: AdOpeningValues;
  fieldErrors: FieldErrors;
  error: string | null;
  applicationId: string | null;
}

export type AdOpeningEvent =
  | { type: 'field.change'; field: string; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

const IDENTITY = Object.fromEntries(
  ['PlatformId', ...AD_OPENING_COMMON_FIELDS, ...AD_OPENING_PLATFORM_FIELDS].map((f) => [f, f]),
);
const COMMON = new Set<string>(AD_OPENING_COMMON_FIELDS);

export const emptyAdOpening = (platformId?: AdPlatformId): AdOpeningValues => ({
  PlatformId: platformId ? String(platformId) : '',
  TimeZone: AD_DEFAULT_TIME_ZONE,
  Quantity: '1',
  Currency: 'USD',
});

const platformOf = (values: AdOpeningValues) => adPlatformById(Number(values.PlatformId));

/** The fields the chosen platform's step shows. */
export function adOpeningDetailFields(values: AdOpeningValues): string[] {
  const platform = platformOf(values);
  return platform ? adOpeningRequiredFields(platform.id, values) : [];
}

/** The request: the common fields and the chosen platform's own, so another branch's answers stay home. */
export function adOpeningRequest(values: AdOpeningValues): AdOpeningRequest {
  const request: Record<string, unknown> = { PlatformId: Number(values.PlatformId) };
  for (const field of AD_OPENING_COMMON_FIELDS) request[field] = values[field] ?? '';
  request.Quantity = values.Quantity?.trim() ? Number(values.Quantity) : Number.NaN;
  for (const field of adOpeningDetailFields(values)) if (values[field]) request[field] = values[field];
  return request as AdOpeningRequest;
}

/** The schema's errors on the fields of one step. */
export function adOpeningStepErrors(values: AdOpeningValues, step: 'platform' | 'company' | 'details'): FieldErrors {
  const fields =
    step === 'platform'
      ? ['PlatformId']
      : step === 'company'
        ? [...AD_OPENING_COMMON_FIELDS]
        : adOpeningDetailFields(values);
  const errors = fieldErrorsOf(adOpeningSchema, adOpeningRequest(values), IDENTITY);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

const stepValid =
  (step: 'platform' | 'company' | 'details') =>
  ({ context }: { context: AdOpeningContext }) =>
    Object.keys(adOpeningStepErrors(context.values, step)).length === 0;

const refusedFields = (error: unknown) => Object.keys(serverFieldErrors(error, IDENTITY));

/** One branch of `details` per platform, entered by the platform chosen. */
const platformBranches = Object.fromEntries(AD_PLATFORMS.map((p) => [p.slug, {}])) as Record<AdPlatformSlug, object>;
const isPlatform = (platformId: number) => ({ type: 'isPlatform' as const, params: { platformId } });
/** Into the chosen platform's branch of `details`, when `guard` (if any) allows. */
const toDetails = <A>(actions: A, guard?: 'companyValid' | 'refusedDetailField') =>
  AD_PLATFORMS.map((p) => ({
    guard: guard ? and([guard, isPlatform(p.id)]) : isPlatform(p.id),
    target: `#adOpening.details.${p.slug}`,
    actions,
  }));

export const adOpeningMachine = setup({
  types: {
    context: {} as AdOpeningContext,
    events: {} as AdOpeningEvent,
    input: {} as { client?: QueryClient | null; platformId?: AdPlatformId; values?: AdOpeningValues },
  },
  actors: {
    applyAdAccount: fromPromise(({ input }: { input: { client: QueryClient | null; request: AdOpeningRequest } }) =>
      runMutation(input.client!, applyAdAccountMutation(input.client!), input.request),
    ),
  },
  guards: {
    platformValid: stepValid('platform'),
    companyValid: stepValid('company'),
    detailsValid: stepValid('details'),
    isPlatform: ({ context }, params: { platformId: number }) =>
      Number(context.values.PlatformId) === params.platformId,
    refusedCompanyField: ({ event }) =>
      refusedFields((event as { error?: unknown }).error).some((field) => COMMON.has(field)),
    refusedDetailField: ({ event }) => refusedFields((event as { error?: unknown }).error).length > 0,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            values: { ...context.values, [event.field]: event.value },
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          }
        : {},
    ),
    showErrors: assign(({ context }, params: { step: 'platform' | 'company' | 'details' }) => ({
      fieldErrors: adOpeningStepErrors(context.values, params.step),
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverFieldErrors(params.error, IDENTITY),
    })),
    storeApplication: assign((_, output: { ApplicationId: string }) => ({ applicationId: output.ApplicationId })),
    reset: assign(({ context }) => ({
      values: emptyAdOpening(platformOf(context.values)?.id),
      fieldErrors: {},
      error: null,
      applicationId: null,
    })),
  },
}).createMachine({
  id: 'adOpening',
  context: ({ input }) => ({
    client: input?.client ?? null,
    values: { ...emptyAdOpening(input?.platformId), ...input?.values },
    fieldErrors: {},
    error: null,
    applicationId: null,
  }),
  initial: 'platform',
  states: {
    platform: {
      on: {
        'field.change': { actions: 'setField' },
        'step.next': [
          { guard: 'platformValid', target: 'company', actions: 'clearErrors' },
          { actions: { type: 'showErrors', params: { step: 'platform' } } },
        ],
      },
    },
    company: {
      on: {
        'field.change': { actions: 'setField' },
        'step.back': { target: 'platform', actions: 'clearErrors' },
        'step.next': [
          ...toDetails('clearErrors' as const, 'companyValid'),
          { actions: { type: 'showErrors', params: { step: 'company' } } },
        ],
      },
    },
    details: {
      // Entered only through toDetails (the chosen platform's branch); Facebook is xstate's required default.
      initial: 'facebook',
      on: {
        'field.change': { actions: 'setField' },
        'step.back': { target: 'company', actions: 'clearErrors' },
        'step.next': [
          { guard: 'detailsValid', target: 'confirm', actions: 'clearErrors' },
          { actions: { type: 'showErrors', params: { step: 'details' } } },
        ],
      },
      states: platformBranches,
    },
    confirm: {
      on: {
        'step.back': toDetails([] as const),
        'form.submit': 'submitting',
      },
    },
    submitting: {
      invoke: {
        id: 'applyAdAccount',
        src: 'applyAdAccount',
        input: ({ context }) => ({ client: context.client, request: adOpeningRequest(context.values) }),
        onDone: { target: 'submitted', actions: { type: 'storeApplication', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'refusedCompanyField',
            target: 'company',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          ...toDetails(
            {
              type: 'rememberError' as const,
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
            'refusedDetailField',
          ),
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'form.submit': { target: 'submitting', actions: 'clearErrors' },
        'step.back': toDetails('clearErrors' as const),
      },
    },
    submitted: { on: { 'form.reset': { target: 'platform', actions: 'reset' } } },
  },
});
