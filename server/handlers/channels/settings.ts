import type { HandlerMap } from '../../context';
import { smsChannel } from '../../channels/sms';
import { mmsChannel } from '../../channels/mms';
import { voiceChannel } from '../../channels/voice';
import { whatsappChannel } from '../../channels/whatsapp';
import { getChannelCallback, setChannelCallback } from './settings-callback';
import {
  createAlarmRule,
  createLimitRule,
  deleteAlarmRule,
  describeAlarmRules,
  getLimitRule,
  updateAlarmRule,
  updateLimitRule,
} from './settings-alarms';

// The settings Actions of each phone channel on one set of handlers, given the kernel's channel id
// (docs/decisions.md "Settings per channel").

const sms = smsChannel.id;
const mms = mmsChannel.id;
const voice = voiceChannel.id;
const whatsapp = whatsappChannel.id;

export const channelSettingsHandlers: HandlerMap = {
  CreateUSMSSendCountAlarmRule: (input, ctx) => createAlarmRule(ctx, sms, input),
  UpdateUSMSSendCountAlarmRule: (input, ctx) => updateAlarmRule(ctx, sms, input),
  DeleteUSMSSendCountAlarmRule: (input, ctx) => deleteAlarmRule(ctx, sms, input.RuleId),
  DescribeUSMSSendCountAlarmRule: (_input, ctx) => describeAlarmRules(ctx, sms),
  CreateUSMSLimitAlarmRule: (input, ctx) => createLimitRule(ctx, sms, input),
  UpdateUSMSLimitAlarmRule: (input, ctx) => updateLimitRule(ctx, sms, input),
  GetUSMSLimitAlarmRule: (_input, ctx) => getLimitRule(ctx, sms),
  GetUSMSCallback: (_input, ctx) => getChannelCallback(ctx, sms),
  SetUSMSCallback: (input, ctx) => setChannelCallback(ctx, sms, input),

  CreateUMMSSendCountAlarmRule: (input, ctx) => createAlarmRule(ctx, mms, input),
  UpdateUMMSSendCountAlarmRule: (input, ctx) => updateAlarmRule(ctx, mms, input),
  DeleteUMMSSendCountAlarmRule: (input, ctx) => deleteAlarmRule(ctx, mms, input.RuleId),
  DescribeUMMSSendCountAlarmRule: (_input, ctx) => describeAlarmRules(ctx, mms),
  CreateUMMSLimitAlarmRule: (input, ctx) => createLimitRule(ctx, mms, input),
  UpdateUMMSLimitAlarmRule: (input, ctx) => updateLimitRule(ctx, mms, input),
  GetUMMSLimitAlarmRule: (_input, ctx) => getLimitRule(ctx, mms),
  GetUMMSCallback: (_input, ctx) => getChannelCallback(ctx, mms),
  SetUMMSCallback: (input, ctx) => setChannelCallback(ctx, mms, input),

  CreateUVMSSendCountAlarmRule: (input, ctx) => createAlarmRule(ctx, voice, input),
  UpdateUVMSSendCountAlarmRule: (input, ctx) => updateAlarmRule(ctx, voice, input),
  DeleteUVMSSendCountAlarmRule: (input, ctx) => deleteAlarmRule(ctx, voice, input.RuleId),
  DescribeUVMSSendCountAlarmRule: (_input, ctx) => describeAlarmRules(ctx, voice),
  CreateUVMSLimitAlarmRule: (input, ctx) => createLimitRule(ctx, voice, input),
  UpdateUVMSLimitAlarmRule: (input, ctx) => updateLimitRule(ctx, voice, input),
  GetUVMSLimitAlarmRule: (_input, ctx) => getLimitRule(ctx, voice),
  GetUVMSCallback: (_input, ctx) => getChannelCallback(ctx, voice),
  SetUVMSCallback: (input, ctx) => setChannelCallback(ctx, voice, input),
  CreateWhatsAppSendCountAlarmRule: (input, ctx) => createAlarmRule(ctx, whatsapp, input),
  UpdateWhatsAppSendCountAlarmRule: (input, ctx) => updateAlarmRule(ctx, whatsapp, input),
  DeleteWhatsAppSendCountAlarmRule: (input, ctx) => deleteAlarmRule(ctx, whatsapp, input.RuleId),
  DescribeWhatsAppSendCountAlarmRule: (_input, ctx) => describeAlarmRules(ctx, whatsapp),
  CreateWhatsAppLimitAlarmRule: (input, ctx) => createLimitRule(ctx, whatsapp, input),
  UpdateWhatsAppLimitAlarmRule: (input, ctx) => updateLimitRule(ctx, whatsapp, input),
  GetWhatsAppLimitAlarmRule: (_input, ctx) => getLimitRule(ctx, whatsapp),
  GetWhatsAppCallback: (_input, ctx) => getChannelCallback(ctx, whatsapp),
  SetWhatsAppCallback: (input, ctx) => setChannelCallback(ctx, whatsapp, input),
};
