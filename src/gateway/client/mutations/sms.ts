import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { smsCallbackQuery, smsKeys, smsLimitRuleQuery, smsTagsQuery } from '../queries/sms';

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

export const setSmsCallbackMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'SetUSMSCallback'],
    mutationFn: (input: ActionInput<'SetUSMSCallback'>) => call('SetUSMSCallback', input, { silent: true }),
    onSuccess: (data) => void client.setQueryData(smsCallbackQuery().queryKey, data),
  });

type LimitRule = ActionInput<'CreateUSMSLimitAlarmRule'>;

/** Create the limit rule the first time, update it after (the account has one). */
export const saveSmsLimitRuleMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'SaveUSMSLimitAlarmRule'],
    mutationFn: ({ exists, rule }: { exists: boolean; rule: LimitRule }) =>
      exists
        ? call('UpdateUSMSLimitAlarmRule', rule, { silent: true })
        : call('CreateUSMSLimitAlarmRule', rule, { silent: true }),
    onSuccess: (data) => void client.setQueryData(smsLimitRuleQuery().queryKey, data),
  });

type AlarmRule = ActionInput<'CreateUSMSSendCountAlarmRule'>;

/** Create a send-count alarm rule, or update the one named by ruleId. */
export const saveSmsAlarmRuleMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'SaveUSMSSendCountAlarmRule'],
    mutationFn: async ({ ruleId, rule }: { ruleId?: string; rule: AlarmRule }) => {
      if (ruleId) await call('UpdateUSMSSendCountAlarmRule', { RuleId: ruleId, ...rule }, { silent: true });
      else await call('CreateUSMSSendCountAlarmRule', rule, { silent: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: smsKeys.settings() }),
  });

export const deleteSmsAlarmRuleMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['sms', 'DeleteUSMSSendCountAlarmRule'],
    mutationFn: (ruleId: string) => call('DeleteUSMSSendCountAlarmRule', { RuleId: ruleId }),
    onSuccess: () => client.invalidateQueries({ queryKey: smsKeys.settings() }),
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
