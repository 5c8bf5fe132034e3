import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../call';
import type { alarmRuleData } from '../../contract/actions/channel-settings';
import type { EmailAlertMetric } from '../../contract/actions/email-limits';

/** A send-count alarm rule; an e-mail rule names the metric it watches. */
export type AlarmRuleRow = z.infer<typeof alarmRuleData> & { Metric?: EmailAlertMetric };

// Reads of a channel's settings: callback, alarm rules, limits (docs/decisions.md "Settings per
// channel"). SMS, MMS and voice have the same Actions under their own names.

export type SettingsChannel = 'sms' | 'mms' | 'vms' | 'whatsapp' | 'email';
/** E-mail has limits and alert rules but no delivery-report callback. */
export type CallbackChannel = Exclude<SettingsChannel, 'email'>;

/** Under the channel's own key prefix (['sms'], ['mms'], ['vms']), so the area's invalidations reach it. */
export const settingsKeys = (channel: SettingsChannel) => [channel, 'settings'] as const;

const CALLBACK = {
  sms: () => call('GetUSMSCallback', {}),
  mms: () => call('GetUMMSCallback', {}),
  vms: () => call('GetUVMSCallback', {}),
  whatsapp: () => call('GetWhatsAppCallback', {}),
};

const ALARMS: Record<SettingsChannel, () => Promise<{ Rules: AlarmRuleRow[] }>> = {
  sms: () => call('DescribeUSMSSendCountAlarmRule', {}),
  mms: () => call('DescribeUMMSSendCountAlarmRule', {}),
  vms: () => call('DescribeUVMSSendCountAlarmRule', {}),
  whatsapp: () => call('DescribeWhatsAppSendCountAlarmRule', {}),
  // An e-mail rule watches a metric; its current value is shown where a phone rule shows its count.
  email: async () => {
    const { Rules } = await call('DescribeEmailAlertRule', {});
    return { Rules: Rules.map(({ CurrentValue, ...rule }) => ({ ...rule, CurrentCount: CurrentValue })) };
  },
};

const LIMITS = {
  sms: () => call('GetUSMSLimitAlarmRule', {}),
  mms: () => call('GetUMMSLimitAlarmRule', {}),
  vms: () => call('GetUVMSLimitAlarmRule', {}),
  whatsapp: () => call('GetWhatsAppLimitAlarmRule', {}),
  email: () => call('GetEmailLimitAlarmRule', {}),
};

export const channelCallbackQuery = (channel: CallbackChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'callback'], queryFn: CALLBACK[channel] });

export const channelAlarmRulesQuery = (channel: SettingsChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'alarms'], queryFn: ALARMS[channel] });

export const channelLimitRuleQuery = (channel: SettingsChannel) =>
  queryOptions({ queryKey: [...settingsKeys(channel), 'limits'], queryFn: LIMITS[channel] });
