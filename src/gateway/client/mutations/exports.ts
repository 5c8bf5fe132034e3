import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { exportKeys, type RecordExportChannel } from '../queries/exports';

// Writes of send-record exports, per channel (docs/decisions.md "Exports by channel").

/** The filters a phone channel's export is started with (SMS, MMS and voice share them). */
export type PhoneExportFilters = ActionInput<'AddUSMSExportSendRecordTask'>;
/** E-mail's: the address instead of the phone, e-mail's results. */
export type EmailExportFilters = ActionInput<'AddEmailExportSendRecordTask'>;
/** What a records page passes: its own channel's filters (the page knows which channel it is). */
/** WhatsApp's: the records page's number, conversation, direction and status. */
export type WaExportFilters = ActionInput<'AddWhatsAppExportSendRecordTask'>;
export type ExportFilters = PhoneExportFilters | EmailExportFilters | WaExportFilters;

const START = {
  sms: (filters: ExportFilters) => call('AddUSMSExportSendRecordTask', filters as PhoneExportFilters),
  mms: (filters: ExportFilters) => call('AddUMMSExportSendRecordTask', filters as PhoneExportFilters),
  vms: (filters: ExportFilters) => call('AddUVMSExportSendRecordTask', filters as PhoneExportFilters),
  email: (filters: ExportFilters) => call('AddEmailExportSendRecordTask', filters as EmailExportFilters),
  whatsapp: (filters: ExportFilters) => call('AddWhatsAppExportSendRecordTask', filters as WaExportFilters),
};

const FILE = {
  sms: (exportId: string) => callBinary('GetUSMSExportSendRecordFile', { ExportId: exportId }),
  mms: (exportId: string) => callBinary('GetUMMSExportSendRecordFile', { ExportId: exportId }),
  vms: (exportId: string) => callBinary('GetUVMSExportSendRecordFile', { ExportId: exportId }),
  email: (exportId: string) => callBinary('GetEmailExportSendRecordFile', { ExportId: exportId }),
  whatsapp: (exportId: string) => callBinary('GetWhatsAppExportSendRecordFile', { ExportId: exportId }),
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
