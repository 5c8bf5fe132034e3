import type { HandlerMap } from '../../context';
import { notFound } from '../../errors';
import { fileStoreFromEnv } from '../../providers/storage';
import { mediaUrl, uploadSecret } from '../uploads/signing';
import { voiceAudioPlayable } from '../../../src/machines/lifecycles/voice-audio.machine';
import { addAudio, deleteAudio, listAudio, ownedAudio, queueTranscode, voiceAudioData } from '../../voice';

/** Voice files (/vms/audio); voice templates and tasks come with the channel kernel. */
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
};
