import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { campaignKeys } from '../queries/campaigns';
import { emailSendKeys } from '../queries/email-send';
import { smsKeys } from '../queries/sms';

/** Deletes campaigns from the list (an applied campaign's task stays). */
export const deleteCampaignsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['campaigns', 'DeleteCampaign'],
    mutationFn: (campaignIds: string[]) => call('DeleteCampaign', { CampaignIds: campaignIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });

/** Applies a saved campaign: its send task is made (once however often it is asked), so task lists are read again. */
export const applyCampaignMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['campaigns', 'ApplyCampaign'],
    mutationFn: (campaignId: string) =>
      call('ApplyCampaign', { CampaignId: campaignId }, { silent: true, timeoutMs: 120_000 }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: campaignKeys.all });
      await client.invalidateQueries({ queryKey: smsKeys.all });
      await client.invalidateQueries({ queryKey: emailSendKeys.all });
    },
  });
