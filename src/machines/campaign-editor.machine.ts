import { call } from '../gateway/client/call';
import type { CampaignSource, CampaignType, SavedCampaign } from '../gateway/contract/actions/campaigns';
import type { PlanAim } from '../gateway/contract/actions/mkt-plans';
import { emailPreview, emailRequest, validateEmailSend } from './email-send.machine';
import { channelSendMachine, validateSend, type AddInput } from './sms-send.machine';

// The campaign editor of /campaign/create/{sms|email}-editor/{name}/{aim} and /campaign/edit/{saveId}
// (issue 14 item 5; docs/decisions.md "Campaigns"): the channel's send wizard (compose with a list or a
// segment as recipients, the one check with the cost, submitting, submitted or failed) under its own id,
// where the last step saves the campaign (SaveCampaign) instead of sending. The wizard's idempotency key
// names a new campaign, so a Retry after a lost answer saves the same one. Applying is the apply page's.

export interface CampaignEditorParams {
  /** The campaign saved again (/campaign/edit/{saveId}); absent while creating. */
  campaignId?: string;
  aim: PlanAim;
  source: CampaignSource;
}

export function saveCampaignRequest(type: CampaignType, request: AddInput, params: CampaignEditorParams) {
  return {
    ...(params.campaignId ? { CampaignId: params.campaignId } : {}),
    Type: type,
    Aim: params.aim,
    Source: params.source,
    ...(type === 'sms' ? { Sms: request } : { Email: emailRequest(request) }),
  };
}

const saveCampaign = (type: CampaignType, request: AddInput, params: CampaignEditorParams): Promise<SavedCampaign> =>
  call('SaveCampaign', saveCampaignRequest(type, request, params), { silent: true });

/** The editor of one campaign: `params` say which campaign, its aim and how it was written. */
export function campaignEditorMachine(type: CampaignType, params: CampaignEditorParams) {
  return channelSendMachine(`${type}Campaign`, {
    preview:
      type === 'sms'
        ? (input: Parameters<typeof emailPreview>[0] & { CountryCode?: string }) =>
            call('GetUSMSPreviewSmsContent', input, { silent: true })
        : emailPreview,
    submit: (request: AddInput) => saveCampaign(type, request, params),
    validate: type === 'sms' ? (context) => validateSend(context) : validateEmailSend,
    endsWhenSubmitted: true,
  });
}

/** The two editors as the inspector and the model tests see them (a new acquisition campaign). */
export const smsCampaignMachine = campaignEditorMachine('sms', { aim: 1, source: 'editor' });
export const emailCampaignMachine = campaignEditorMachine('email', { aim: 1, source: 'editor' });
