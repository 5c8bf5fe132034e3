import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { serverFieldErrors, failureText } from '../gateway/client/failures';
import { shortLinkFormSchema, type ShortLinkForm } from '../gateway/contract/short-links';
import type { ShortLink } from '../gateway/contract/actions/short-links';

// The new short link form of /tool/short-link/create: title, long link (http/https, parsed), UTM source,
// medium and campaign (required), term and content. Checked with the contract's schema before it is
// sent; the gateway's refusals land on their fields. editing -> submitting -> created | failed.

export type ShortLinkField = 'title' | 'url' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent';

export interface ShortLinkCreateContext {
  values: Record<ShortLinkField, string>;
  fieldErrors: FieldErrors;
  error: string | null;
  created: ShortLink | null;
}

export type ShortLinkCreateEvent =
  { type: 'field.change'; field: ShortLinkField; value: string } | { type: 'form.submit' } | { type: 'form.reset' };

/** The contract's field names to the form's. */
export const SHORT_LINK_FIELD_NAMES: Record<string, ShortLinkField> = {
  Title: 'title',
  Url: 'url',
  UtmSource: 'utmSource',
  UtmMedium: 'utmMedium',
  UtmCampaign: 'utmCampaign',
  UtmTerm: 'utmTerm',
  UtmContent: 'utmContent',
};

const EMPTY: Record<ShortLinkField, string> = {
  title: '',
  url: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmTerm: '',
  utmContent: '',
};

export function shortLinkRequest(values: Record<ShortLinkField, string>): ShortLinkForm {
  return {
    Title: values.title,
    Url: values.url,
    UtmSource: values.utmSource,
    UtmMedium: values.utmMedium,
    UtmCampaign: values.utmCampaign,
    ...(values.utmTerm.trim() ? { UtmTerm: values.utmTerm } : {}),
    ...(values.utmContent.trim() ? { UtmContent: values.utmContent } : {}),
  };
}

export const validateShortLink = (values: Record<ShortLinkField, string>): FieldErrors =>
  fieldErrorsOf(shortLinkFormSchema, shortLinkRequest(values), SHORT_LINK_FIELD_NAMES);

export const shortLinkCreateMachine = setup({
  types: {
    context: {} as ShortLinkCreateContext,
    events: {} as ShortLinkCreateEvent,
  },
  actors: {
    createLink: fromPromise(async ({ input }: { input: ShortLinkForm }) =>
      call('CreateShortLink', input, { silent: true }),
    ),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateShortLink(context.values)).length === 0,
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
    showErrors: assign(({ context }) => ({ fieldErrors: validateShortLink(context.values) })),
    startSubmit: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverFieldErrors(params.error, SHORT_LINK_FIELD_NAMES),
    })),
    storeCreated: assign((_, link: ShortLink) => ({ created: link })),
    reset: assign({ values: EMPTY, fieldErrors: {}, error: null, created: null }),
  },
}).createMachine({
  id: 'shortLinkCreate',
  context: { values: EMPTY, fieldErrors: {}, error: null, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'startSubmit' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => shortLinkRequest(context.values),
        onDone: { target: 'created', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'field.change': { target: 'editing', actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'startSubmit' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    created: { on: { 'form.reset': { target: 'editing', actions: 'reset' } } },
  },
});
