import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { vmsKeys } from '../queries/vms';

// Writes of the voice (VMS) area: one factory per Action, each owning what it invalidates.

/** Makes an uploaded file a voice file; `silent`: the upload dialog shows a refusal under its field. */
export const addVmsAudioMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['vms', 'AddUVMSAudio'],
    mutationFn: (input: ActionInput<'AddUVMSAudio'>) => call('AddUVMSAudio', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: vmsKeys.audio() }),
  });

export const deleteVmsAudioMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['vms', 'DeleteUVMSAudio'],
    mutationFn: (audioId: string) => call('DeleteUVMSAudio', { AudioId: audioId }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: vmsKeys.audio() }),
  });

export const deleteVmsTemplatesMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['vms', 'DeleteUVMSTemplate'],
    mutationFn: (templateIds: string[]) => call('DeleteUVMSTemplate', { TemplateIds: templateIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: vmsKeys.templates() }),
  });

export const setVmsTemplateEnabledMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['vms', 'SetUVMSTemplateEnabled'],
    mutationFn: (input: ActionInput<'SetUVMSTemplateEnabled'>) => call('SetUVMSTemplateEnabled', input),
    onSuccess: () => client.invalidateQueries({ queryKey: vmsKeys.templates() }),
  });

export const cancelVmsSendTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['vms', 'CancelUVMSSendTask'],
    mutationFn: (taskId: string) => call('CancelUVMSSendTask', { TaskId: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: vmsKeys.tasks() }),
  });
