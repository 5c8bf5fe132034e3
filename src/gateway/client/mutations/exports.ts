import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { exportKeys, type RecordExportChannel } from '../queries/exports';

// Writes of send-record exports, per channel (docs/decisions.md "Exports by channel").

/** The filters an export is started with (the same fields for every channel). */
export type ExportFilters = ActionInput<'AddUSMSExportSendRecordTask'>;

const START = {
  sms: (filters: ExportFilters) => call('AddUSMSExportSendRecordTask', filters),
  mms: (filters: ExportFilters) => call('AddUMMSExportSendRecordTask', filters),
  vms: (filters: ExportFilters) => call('AddUVMSExportSendRecordTask', filters),
};

const FILE = {
  sms: (exportId: string) => callBinary('GetUSMSExportSendRecordFile', { ExportId: exportId }),
  mms: (exportId: string) => callBinary('GetUMMSExportSendRecordFile', { ExportId: exportId }),
  vms: (exportId: string) => callBinary('GetUVMSExportSendRecordFile', { ExportId: exportId }),
};

export const startChannelExportMutation = (client: QueryClient, channel: RecordExportChannel) =>
  mutationOptions({
    mutationKey: [channel, 'AddExportSendRecordTask'],
    mutationFn: START[channel],
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys(channel) }),
  });

/** A finished export's file (a binary read started by a click: nothing to invalidate). */
export const channelExportFileMutation = (channel: RecordExportChannel) =>
  mutationOptions({
    mutationKey: [channel, 'GetExportSendRecordFile'],
    mutationFn: FILE[channel],
  });
