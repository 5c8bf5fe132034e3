import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { fbAdKeys } from '../queries/fb-ads';
import { advertisingKeys } from '../queries/advertising';

// Writes of Facebook ads: the wizard's create (the ad-create machine runs it), edits, status moves, the
// campaign list actions copy (1) and download (3), and the AI copy of ad-generate.

const refresh = (client: QueryClient) => () =>
  Promise.all([
    client.invalidateQueries({ queryKey: fbAdKeys.all }),
    client.invalidateQueries({ queryKey: advertisingKeys.all }),
  ]);

export const createFbCampaignMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'CreateFbCampaign'],
    mutationFn: (input: ActionInput<'CreateFbCampaign'>) => call('CreateFbCampaign', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const updateFbCampaignMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'UpdateFbCampaign'],
    mutationFn: (input: ActionInput<'UpdateFbCampaign'>) => call('UpdateFbCampaign', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const updateFbAdSetMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'UpdateFbAdSet'],
    mutationFn: (input: ActionInput<'UpdateFbAdSet'>) => call('UpdateFbAdSet', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const updateFbAdMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'UpdateFbAd'],
    mutationFn: (input: ActionInput<'UpdateFbAd'>) => call('UpdateFbAd', input, { silent: true }),
    onSuccess: refresh(client),
  });

export const setFbObjectStatusMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'SetFbObjectStatus'],
    mutationFn: (input: ActionInput<'SetFbObjectStatus'>) => call('SetFbObjectStatus', input),
    onSuccess: refresh(client),
  });

export const copyFbCampaignMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['fb-ads', 'CopyFbCampaign'],
    mutationFn: (input: ActionInput<'CopyFbCampaign'>) => call('CopyFbCampaign', input),
    onSuccess: refresh(client),
  });

export const downloadFbCampaignMutation = () =>
  mutationOptions({
    mutationKey: ['fb-ads', 'DownloadFbCampaign'],
    mutationFn: (input: ActionInput<'DownloadFbCampaign'>) => callBinary('DownloadFbCampaign', input),
  });

export const generateFbAdCopyMutation = () =>
  mutationOptions({
    mutationKey: ['fb-ads', 'GenerateFbAdCopy'],
    mutationFn: (input: ActionInput<'GenerateFbAdCopy'>) => call('GenerateFbAdCopy', input, { silent: true }),
  });
