import { assign, fromPromise, setup } from 'xstate';
import { applyCampaignMutation } from '../gateway/client/mutations/campaigns';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { failureText, retCodeOf } from '../gateway/client/failures';
import type { ActionData } from '../gateway/contract/actions/registry';
import { campaignLifecycle } from './lifecycles/campaign.machine';

// Applying a campaign at /campaign/apply/{saveId} (issue 14 item 5; docs/decisions.md "Campaigns"): the
// page shows what the campaign will send, to whom and when; "Apply" makes its send task through the
// channel's own rules. The campaign's lifecycle decides whether it can be applied (a Saved one); a refusal
// (balance, limits, a template no longer approved, a schedule now past) keeps it Saved with the reason, and
// Retry applies again: the server's campaign key makes one task however often it is asked.

export type AppliedCampaign = ActionData<'ApplyCampaign'>;

export interface CampaignApplyInput {
  client?: QueryClient;
  campaignId: string;
  /** CAMPAIGN_STATUS as loaded. */
  status: number;
}

export interface CampaignApplyContext {
  client: QueryClient | null;
  campaignId: string;
  status: number;
  result: AppliedCampaign | null;
  /** The server's Message, or an i18n key when the gateway could not be reached. */
  error: string | null;
  errorCode: number | null;
}

export type CampaignApplyEvent = { type: 'apply.confirm' } | { type: 'apply.retry' };

export const campaignApplyMachine = setup({
  types: {
    context: {} as CampaignApplyContext,
    events: {} as CampaignApplyEvent,
    input: {} as CampaignApplyInput,
  },
  actors: {
    apply: fromPromise(({ input }: { input: { client: QueryClient | null; campaignId: string } }) =>
      runMutation(input.client!, applyCampaignMutation(input.client!), input.campaignId),
    ),
  },
  guards: {
    applicable: ({ context }) => campaignLifecycle.can(context.status, 'campaign.apply'),
  },
  actions: {
    storeResult: assign((_, result: AppliedCampaign) => ({
      result,
      status: result.Status,
      error: null,
      errorCode: null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      errorCode: retCodeOf(params.error) ?? null,
    })),
  },
}).createMachine({
  id: 'campaignApply',
  context: ({ input }) => ({
    client: input.client ?? null,
    campaignId: input.campaignId,
    status: input.status,
    result: null,
    error: null,
    errorCode: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: { 'apply.confirm': { guard: 'applicable', target: 'applying' } },
    },
    applying: {
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ client: context.client, campaignId: context.campaignId }),
        onDone: { target: 'applied', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Still Saved; the reason stays shown with Retry. */
    failed: {
      on: { 'apply.retry': 'applying' },
    },
    applied: { type: 'final' },
  },
});
