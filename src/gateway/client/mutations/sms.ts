import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { smsKeys, smsTagsQuery } from '../queries/sms';

// Writes of the SMS area: one factory per Action, each owning what it invalidates (through the read
// factories' keys). `silent` where the view shows the refusal in place instead of a notification.

export const cancelSmsTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'CancelUSMSSendTask'],
    mutationFn: (taskId: string) => call('CancelUSMSSendTask', { TaskId: taskId }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: smsKeys.tasks() }),
  });

export const deleteSmsTemplateMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'DeleteUSMSTemplate'],
    mutationFn: (templateId: string) => call('DeleteUSMSTemplate', { TemplateIds: [templateId] }),
    onSuccess: () => client.invalidateQueries({ queryKey: smsKeys.templates() }),
  });

export const saveSmsTagMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'SaveUSMSTag'],
    mutationFn: (name: string) => call('SaveUSMSTag', { TagName: name }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: smsTagsQuery().queryKey }),
  });

/** The price list as a CSV file (a binary read started by a click: nothing to invalidate). */
export const smsPriceFileMutation = () =>
  mutationOptions({
    mutationKey: ['sms', 'GetUSMSPrice', 'file'],
    mutationFn: () => callBinary('GetUSMSPrice', { Download: true }, { silent: true }),
  });

/** A trial account's free test messages: the quota and the task list both change. */
export const sendSmsTrialMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'SendUSMSExperientialMessage'],
    mutationFn: (input: ActionInput<'SendUSMSExperientialMessage'>) =>
      call('SendUSMSExperientialMessage', input, { silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: smsKeys.trial() });
      void client.invalidateQueries({ queryKey: smsKeys.tasks() });
    },
  });
