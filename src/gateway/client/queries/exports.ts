import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of send-record exports, for each channel that has them (docs/decisions.md "Exports by channel").
// The channels' export Actions have one shape; only their names and record filters differ.

export type RecordExportChannel = 'sms' | 'mms' | 'vms' | 'email' | 'whatsapp';
type ListInput = ActionInput<'GetUSMSExportSendRecord'>;

/** Under the channel's own key prefix (['sms'], ['mms'], ['vms'], ['email']), so the area's invalidations reach it. */
export const exportKeys = (channel: RecordExportChannel) => [channel, 'exports'] as const;

const LIST = {
  sms: (input: ListInput) => call('GetUSMSExportSendRecord', input),
  mms: (input: ListInput) => call('GetUMMSExportSendRecord', input),
  vms: (input: ListInput) => call('GetUVMSExportSendRecord', input),
  email: (input: ListInput) => call('GetEmailExportSendRecord', input),
  whatsapp: (input: ListInput) => call('GetWhatsAppExportSendRecord', input),
};

/** A channel's exports: polled while one is submitted or processing. */
export const channelExportsQuery = (
  channel: RecordExportChannel,
  input: ListInput,
  pending?: (data: { Exports: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...exportKeys(channel), input],
    queryFn: () => LIST[channel](input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (pending && query.state.data && pending(query.state.data) ? 2_000 : false),
  });
