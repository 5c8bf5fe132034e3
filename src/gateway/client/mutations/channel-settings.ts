import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import {
  channelCallbackQuery,
  channelLimitRuleQuery,
  settingsKeys,
  type CallbackChannel,
  type SettingsChannel,
} from '../queries/channel-settings';
import type { EmailAlertMetric } from '../../contract/actions/email-limits';

// Writes of a channel's settings (docs/decisions.md "Settings per channel"): one shape per Action for
// every channel; `silent` where the view shows the refusal in place instead of a notification.

type CallbackInput = ActionInput<'SetUSMSCallback'>;
type LimitRule = ActionInput<'CreateUSMSLimitAlarmRule'>;
type PhoneAlarmRule = ActionInput<'CreateUSMSSendCountAlarmRule'>;
/** An e-mail rule adds the metric it watches (phone channels' Actions refuse the field). */
type AlarmRule = PhoneAlarmRule & { Metric?: EmailAlertMetric };
const phoneRule = ({ Metric: _metric, ...rule }: AlarmRule): PhoneAlarmRule => rule;
const emailRule = (rule: AlarmRule) => ({ ...rule, Metric: rule.Metric ?? 'total' });
const silent = { silent: true };

const SET_CALLBACK = {
  sms: (input: CallbackInput) => call('SetUSMSCallback', input, silent),
  mms: (input: CallbackInput) => call('SetUMMSCallback', input, silent),
  vms: (input: CallbackInput) => call('SetUVMSCallback', input, silent),
  whatsapp: (input: CallbackInput) => call('SetWhatsAppCallback', input, silent),
};

const CREATE_LIMITS = {
  sms: (rule: LimitRule) => call('CreateUSMSLimitAlarmRule', rule, silent),
  mms: (rule: LimitRule) => call('CreateUMMSLimitAlarmRule', rule, silent),
  vms: (rule: LimitRule) => call('CreateUVMSLimitAlarmRule', rule, silent),
  whatsapp: (rule: LimitRule) => call('CreateWhatsAppLimitAlarmRule', rule, silent),
  email: (rule: LimitRule) => call('CreateEmailLimitAlarmRule', rule, silent),
};

const UPDATE_LIMITS = {
  sms: (rule: LimitRule) => call('UpdateUSMSLimitAlarmRule', rule, silent),
  mms: (rule: LimitRule) => call('UpdateUMMSLimitAlarmRule', rule, silent),
  vms: (rule: LimitRule) => call('UpdateUVMSLimitAlarmRule', rule, silent),
  whatsapp: (rule: LimitRule) => call('UpdateWhatsAppLimitAlarmRule', rule, silent),
  email: (rule: LimitRule) => call('UpdateEmailLimitAlarmRule', rule, silent),
};

const CREATE_ALARM = {
  sms: (rule: AlarmRule) => call('CreateUSMSSendCountAlarmRule', phoneRule(rule), silent),
  mms: (rule: AlarmRule) => call('CreateUMMSSendCountAlarmRule', phoneRule(rule), silent),
  vms: (rule: AlarmRule) => call('CreateUVMSSendCountAlarmRule', phoneRule(rule), silent),
  whatsapp: (rule: AlarmRule) => call('CreateWhatsAppSendCountAlarmRule', phoneRule(rule), silent),
  email: (rule: AlarmRule) => call('CreateEmailAlertRule', emailRule(rule), silent),
};

const UPDATE_ALARM = {
  sms: (rule: AlarmRule & { RuleId: string }) =>
    call('UpdateUSMSSendCountAlarmRule', { ...phoneRule(rule), RuleId: rule.RuleId }, silent),
  mms: (rule: AlarmRule & { RuleId: string }) =>
    call('UpdateUMMSSendCountAlarmRule', { ...phoneRule(rule), RuleId: rule.RuleId }, silent),
  vms: (rule: AlarmRule & { RuleId: string }) =>
    call('UpdateUVMSSendCountAlarmRule', { ...phoneRule(rule), RuleId: rule.RuleId }, silent),
  whatsapp: (rule: AlarmRule & { RuleId: string }) =>
    call('UpdateWhatsAppSendCountAlarmRule', { ...phoneRule(rule), RuleId: rule.RuleId }, silent),
  email: (rule: AlarmRule & { RuleId: string }) =>
    call('UpdateEmailAlertRule', { ...emailRule(rule), RuleId: rule.RuleId }, silent),
};

const DELETE_ALARM = {
  sms: (ruleId: string) => call('DeleteUSMSSendCountAlarmRule', { RuleId: ruleId }),
  mms: (ruleId: string) => call('DeleteUMMSSendCountAlarmRule', { RuleId: ruleId }),
  vms: (ruleId: string) => call('DeleteUVMSSendCountAlarmRule', { RuleId: ruleId }),
  whatsapp: (ruleId: string) => call('DeleteWhatsAppSendCountAlarmRule', { RuleId: ruleId }),
  email: (ruleId: string) => call('DeleteEmailAlertRule', { RuleId: ruleId }),
};

export const setChannelCallbackMutation = (client: QueryClient, channel: CallbackChannel) =>
  mutationOptions({
    mutationKey: [channel, 'SetCallback'],
    mutationFn: SET_CALLBACK[channel],
    onSuccess: (data) => void client.setQueryData(channelCallbackQuery(channel).queryKey, data),
  });

/** Create the limit rule the first time, update it after (the account has one per channel). */
export const saveChannelLimitRuleMutation = (client: QueryClient, channel: SettingsChannel) =>
  mutationOptions({
    mutationKey: [channel, 'SaveLimitAlarmRule'],
    mutationFn: ({ exists, rule }: { exists: boolean; rule: LimitRule }) =>
      exists ? UPDATE_LIMITS[channel](rule) : CREATE_LIMITS[channel](rule),
    onSuccess: (data) => void client.setQueryData(channelLimitRuleQuery(channel).queryKey, data),
  });

/** Create a send-count alarm rule, or update the one named by ruleId. */
export const saveChannelAlarmRuleMutation = (client: QueryClient, channel: SettingsChannel) =>
  mutationOptions({
    mutationKey: [channel, 'SaveSendCountAlarmRule'],
    mutationFn: async ({ ruleId, rule }: { ruleId?: string; rule: AlarmRule }) => {
      if (ruleId) await UPDATE_ALARM[channel]({ RuleId: ruleId, ...rule });
      else await CREATE_ALARM[channel](rule);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys(channel) }),
  });

export const deleteChannelAlarmRuleMutation = (client: QueryClient, channel: SettingsChannel) =>
  mutationOptions({
    mutationKey: [channel, 'DeleteSendCountAlarmRule'],
    mutationFn: DELETE_ALARM[channel],
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys(channel) }),
  });
