import type { HandlerMap } from '../../context';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { VOICE_CALL_PRICE, voiceContentJson, type CallPeriod } from '../../../src/gateway/contract/vms-task';
import { voiceTemplateUsable } from '../../../src/machines/lifecycles/voice-template.machine';
import { voiceAudioPlayable } from '../../../src/machines/lifecycles/voice-audio.machine';
import { voiceChannel } from '../../channels/voice';
import { acceptSendTask, type PhoneChannel } from '../../sms/accept-task';
import { cancelTask, listTasks } from '../../sms/tasks';
import { countRecords, queryRecords } from '../../sms/records';
import { isKnownZone } from '../../sms/time-zones';
import { channelExportFile, listChannelExports, startChannelExport } from '../channel-exports';
import { audioOf, ownedVoiceTemplate } from '../../voice/templates';

// Voice task Actions (docs/decisions.md "Voice tasks"): thin over the voice templates and the channel kernel.

/** The voice channel as a phone channel of one request: its call period goes into the task's content. */
function voicePhoneChannel(callPeriod: CallPeriod): PhoneChannel {
  return {
    action: 'AddUVMSSendTask',
    channel: voiceChannel,
    async template(ctx, templateId) {
      const row = await ownedVoiceTemplate(ctx.db, ctx.user.id, templateId);
      if (!voiceTemplateUsable(row.status)) throw new ApiError(RetCode.TemplateNotUsable);
      const audio = (await audioOf(ctx.db, [row.audioId])).get(row.audioId);
      if (!audio || !voiceAudioPlayable(audio.status)) throw new ApiError(RetCode.TemplateNotUsable);
      return {
        templateId: row.templateId,
        name: row.name,
        content: voiceContentJson({
          TemplateName: row.name,
          AudioId: row.audioId,
          AudioName: audio.name,
          Duration: audio.durationMs ?? 0,
          CallPeriod: callPeriod,
        }),
        variableCount: 0,
      };
    },
    price: () => VOICE_CALL_PRICE,
    partsOf: () => () => voiceChannel.parts('', ''),
  };
}

export const vmsTaskHandlers: HandlerMap = {
  AddUVMSSendTask(input, ctx) {
    // The call period is read in the task's zone, so an immediate task's zone is checked too.
    if (input.TimeZone !== undefined && !isKnownZone(input.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
    return acceptSendTask(ctx, input, voicePhoneChannel(input.CallPeriod));
  },
  GetUVMSSendTask: (input, ctx) => listTasks(ctx.db, ctx.user.id, voiceChannel.id, input, ctx.lang),
  async CancelUVMSSendTask(input, ctx) {
    const task = await cancelTask(ctx.db, voiceChannel.id, input.TaskId, ctx.user.id, ctx.clock.now());
    return { TaskId: task.taskId, Status: task.status };
  },
  async GetUVMSSendRecord(input, ctx) {
    const { Page, NumPerPage, ...rest } = input;
    const filters = { ...rest, Channel: voiceChannel.id };
    return {
      Total: await countRecords(ctx.db, ctx.user.id, filters),
      Records: await queryRecords(ctx.db, ctx.user.id, filters, NumPerPage, (Page - 1) * NumPerPage, ctx.lang),
    };
  },
  AddUVMSExportSendRecordTask: (input, ctx) => startChannelExport(ctx, voiceChannel.id, input),
  GetUVMSExportSendRecord: (input, ctx) => listChannelExports(ctx, voiceChannel.id, input),
  GetUVMSExportSendRecordFile: async (input, ctx) => channelExportFile(ctx, voiceChannel.id, input.ExportId),
};
