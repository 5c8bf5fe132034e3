import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// Reads of a channel's settings: callback, alarm rules, limits (docs/decisions.md "Settings per
// channel"). SMS, MMS and voice have the same Actions under their own names.

export type SettingsChannel = 'sms' | 'mms' | 'vms';

/** Under the channel's own key prefix (['sms'], ['mms'], ['vms']), so the area's invalidations reach it. */
export const settingsKeys = (channel: SettingsChannel) => [channel, 'settings'] as const;

const CALLBACK = {
  sms: () => call('GetUSMSCallback', {}),
  mms: () => call('GetUMMSCallback', {}),
  vms: () => call('GetUVMSCallback', {}),
};

const ALARMS = {
  sms: () => call('DescribeUSMSSendCountAlarmRule', {}),
  mms: () => call('DescribeUMMSSendCountAlarmRule', {}),
  vms: () => call('DescribeUVMSSendCountAlarmRule', {}),
};

const LIMITS = {
  sms: () => call('GetUSMSLimitAlarmRule', {}),
  mms: () => call('GetUMMSLimitAlarmRule', {}),
  vms: () => call('GetUVMSLimitAlarmRule', {}),
};

export const channelCallbackQuery = (channel: SettingsChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'callback'], queryFn: CALLBACK[channel] });

export const channelAlarmRulesQuery = (channel: SettingsChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'alarms'], queryFn: ALARMS[channel] });

export const channelLimitRuleQuery = (channel: SettingsChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'limits'], queryFn: LIMITS[channel] });
