import type { HandlerMap } from '../../context';
import { notFound } from '../../errors';
import { fileStoreFromEnv } from '../../providers/storage';
import { mediaUrl, uploadSecret } from '../../uploads/signing';
import { voiceAudioPlayable } from '../../../src/machines/lifecycles/voice-audio.machine';
import { addAudio, deleteAudio, listAudio, ownedAudio, queueTranscode, voiceAudioData } from '../../voice';
import {
  audioOf,
  createVoiceTemplate,
  deleteVoiceTemplates,
  listVoiceTemplates,
  ownedVoiceTemplate,
  setVoiceTemplateEnabled,
  updateVoiceTemplate,
  voiceTemplateData,
} from '../../voice/templates';

/** Voice files (/vms/audio) and voice templates (/vms/template). */
export const vmsHandlers: HandlerMap = {
  async GetUVMSAudioList(input, ctx) {
    const { rows, total } = await listAudio(ctx.db, ctx.user.id, input);
    return { List: rows.map((row) => voiceAudioData(row, ctx.lang)), Total: total };
  },

  async AddUVMSAudio(input, ctx) {
    const { row, created } = await addAudio(ctx.db, ctx.clock, ctx.user.id, input);
    if (created) await queueTranscode(ctx, row.audioId);
    return { AudioId: row.audioId, Status: row.status };
  },

  async DeleteUVMSAudio(input, ctx) {
    await deleteAudio(ctx.db, ctx.clock, fileStoreFromEnv(), ctx.user.id, input.AudioId);
    return {};
  },

  async GetUVMSAudioPlayUrl(input, ctx) {
    const row = await ownedAudio(ctx.db, ctx.user.id, input.AudioId);
    if (!voiceAudioPlayable(row.status) || !row.wavFileId) throw notFound();
    const secret = await uploadSecret(ctx.db);
    return {
      Url: mediaUrl(secret, row.wavFileId, Math.floor(ctx.clock.nowMs() / 1000)),
      ContentType: 'audio/wav',
      Duration: row.durationMs,
    };
  },

  async CreateUVMSTemplate(input, ctx) {
    const row = await createVoiceTemplate(ctx, ctx.user.id, input);
    return { TemplateId: row.templateId, Id: row.id, Status: row.status };
  },

  async UpdateUVMSTemplate(input, ctx) {
    const row = await updateVoiceTemplate(ctx, ctx.user.id, input);
    return { TemplateId: row.templateId, Id: row.id, Status: row.status };
  },

  async GetUVMSTemplateList(input, ctx) {
    const { total, rows } = await listVoiceTemplates(ctx.db, ctx.user.id, input);
    const audio = await audioOf(
      ctx.db,
      rows.map((row) => row.audioId),
    );
    return { Total: total, Templates: rows.map((row) => voiceTemplateData(row, audio.get(row.audioId), ctx.lang)) };
  },

  async GetUVMSTemplate(input, ctx) {
    const row = await ownedVoiceTemplate(ctx.db, ctx.user.id, input.TemplateId);
    const audio = await audioOf(ctx.db, [row.audioId]);
    return voiceTemplateData(row, audio.get(row.audioId), ctx.lang);
  },

  async DeleteUVMSTemplate(input, ctx) {
    await deleteVoiceTemplates(ctx.db, ctx.user.id, input.TemplateIds, ctx.clock.now());
    return {};
  },

  async SetUVMSTemplateEnabled(input, ctx) {
    const row = await setVoiceTemplateEnabled(ctx.db, ctx.user.id, input.TemplateId, input.Enabled, ctx.clock.now());
    return { TemplateId: row.templateId, Id: row.id, Status: row.status };
  },
};
