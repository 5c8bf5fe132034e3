import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { mmsKeys } from '../queries/mms';

// Writes of the MMS area: one factory per Action, each owning what it invalidates.

/** `silent`: the template form shows a refusal (an image over 300 KB…) under its field. */
export const createMmsTemplateMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mms', 'CreateUMMSTemplate'],
    mutationFn: (input: ActionInput<'CreateUMMSTemplate'>) => call('CreateUMMSTemplate', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mmsKeys.templates() }),
  });

export const deleteMmsTemplatesMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mms', 'DeleteUMMSTemplate'],
    mutationFn: (templateIds: string[]) => call('DeleteUMMSTemplate', { TemplateIds: templateIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: mmsKeys.templates() }),
  });

export const addMmsSendTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mms', 'AddUMMSSendTask'],
    mutationFn: (input: ActionInput<'AddUMMSSendTask'>) => call('AddUMMSSendTask', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mmsKeys.tasks() }),
  });

export const cancelMmsSendTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mms', 'CancelUMMSSendTask'],
    mutationFn: (taskId: string) => call('CancelUMMSSendTask', { TaskId: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: mmsKeys.tasks() }),
  });

/** Every supported country's MMS price as a CSV file (GetUMMSPriceList with Download). */
export const mmsPriceFileMutation = () =>
  mutationOptions({
    mutationKey: ['mms', 'GetUMMSPriceList', 'file'],
    mutationFn: () => callBinary('GetUMMSPriceList', { Download: true }, { silent: true }),
  });
