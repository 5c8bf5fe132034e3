import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { authorize, freshTenant, put } from '../handlers/uploads/test-helpers';
import { registerVoiceWorkers, sweepVoiceAudio } from '../jobs/voice';
import { makeTone } from '../providers/audio/test-audio';
import { voiceAudioFiles } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { VOICE_AUDIO_STATUS } from '../../src/gateway/contract/statuses';
import { MAX_UPLOAD_BYTES } from '../../src/gateway/contract/actions/upload-rules';
import { memoryJobQueue } from '../queue/memory';

// Voice files end to end on the server: the real upload pipeline, the real ffmpeg decoder on audio
// it made itself, the transcode job on the queue double (it runs a job as it is sent).

let server: TestServer;
let dir: string;
let mp3: Buffer;
let owner: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'herald-voice-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  server = await createTestServer({ jobs: memoryJobQueue() });
  await registerVoiceWorkers(server.deps);
  owner = await freshTenant(server);
  other = await freshTenant(server);
  await makeTone(path.join(dir, 'tone.mp3'), { seconds: 2, encode: ['-c:a', 'libmp3lame', '-b:a', '64k'] });
  mp3 = readFileSync(path.join(dir, 'tone.mp3'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Authorises and PUTs bytes as a voice file upload; returns the FileId. */
async function upload(token: string, bytes: Buffer, FileName: string, FileType = 'audio/mpeg'): Promise<string> {
  const grant = await authorize(server, token, bytes, { FileName, FileType });
  expect(grant.RetCode, grant.Message).toBe(0);
  const stored = await put(server, grant.Data, bytes, { 'content-type': FileType });
  expect(stored.RetCode, stored.Message).toBe(0);
  return grant.Data.FileId;
}

describe('voice audio files', () => {
  it('transcodes an uploaded MP3 to WAV: Success with its duration, playable by a MediaURL', async () => {
    const { api } = typedApi(server, { token: owner.token });
    const FileId = await upload(owner.token, mp3, 'greeting.mp3');
    const added = await api('AddUVMSAudio', { FileId, FileName: 'greeting.mp3' });
    expect(added.AudioId).toMatch(/^VA/);
    const list = await api('GetUVMSAudioList', { Page: 1, NumPerPage: 20 });
    const file = list.List.find((item) => item.AudioId === added.AudioId)!;
    expect(file).toMatchObject({ FileName: 'greeting.mp3', Status: VOICE_AUDIO_STATUS.Success, Size: mp3.length });
    expect(file.Duration).toBeGreaterThanOrEqual(1_950);
    expect(file.Duration).toBeLessThanOrEqual(2_150);
    // A retried AddUVMSAudio for the same upload answers the same file, made once.
    expect((await api('AddUVMSAudio', { FileId, FileName: 'greeting.mp3' })).AudioId).toBe(added.AudioId);

    const play = await api('GetUVMSAudioPlayUrl', { AudioId: added.AudioId });
    const wav = await server.app.request(play.Url);
    expect(wav.status).toBe(200);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(bytes.readUInt32LE(24)).toBe(8_000);
  });

  it('marks a file that is not audio Failed with the reason, in the caller’s language', async () => {
    const text = Buffer.from('This is a letter, not a recording.\n'.repeat(40));
    const FileId = await upload(owner.token, text, 'letter.mp3');
    const { api } = typedApi(server, { token: owner.token });
    const { AudioId } = await api('AddUVMSAudio', { FileId, FileName: 'letter.mp3' });
    const en = await api('GetUVMSAudioList', { Page: 1, NumPerPage: 20, Status: VOICE_AUDIO_STATUS.Failed });
    expect(en.List.find((item) => item.AudioId === AudioId)).toMatchObject({
      Status: VOICE_AUDIO_STATUS.Failed,
      FailReason: 'notAudio',
      FailMessage: expect.stringContaining('not audio'),
      Duration: 0,
    });
    const zh = await typedApi(server, { token: owner.token, lang: 'zh' }).api('GetUVMSAudioList', {
      Page: 1,
      NumPerPage: 20,
      Keyword: 'letter',
    });
    expect(zh.List[0].FailMessage).toContain('不是音频');
    expect((await typedApi(server, { token: owner.token }).reply('GetUVMSAudioPlayUrl', { AudioId })).RetCode).toBe(
      RetCode.NotFound,
    );
  });

  it('refuses at once a wrong ending, a name of 100 characters or more, and a file over 10 MB', async () => {
    const { reply } = typedApi(server, { token: owner.token });
    const FileId = await upload(owner.token, mp3, 'ok.mp3');
    const wrongEnding = await reply('AddUVMSAudio', { FileId, FileName: 'greeting.txt' });
    expect(wrongEnding).toMatchObject({
      RetCode: RetCode.ValidationError,
      Data: { Fields: [{ Field: 'FileName', Key: 'validation:audioTypeNotAllowed' }] },
    });
    const longName = `${'a'.repeat(96)}.mp3`;
    const tooLong = await typedApi(server, { token: owner.token, lang: 'zh' }).reply('AddUVMSAudio', {
      FileId,
      FileName: longName,
    });
    expect(tooLong.Data).toEqual({ Fields: [{ Field: 'FileName', Key: 'validation:audioNameTooLong' }] });
    expect(tooLong.Message).toContain('100 个字符');
    expect((await reply('AddUVMSAudio', { FileId, FileName: `${'a'.repeat(95)}.mp3` })).RetCode).toBe(0);

    const wrongType = await authorize(server, owner.token, mp3, { FileName: 'greeting.txt', FileType: 'audio/mpeg' });
    expect(wrongType.RetCode).toBe(RetCode.UploadTypeNotAllowed);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    const grant = await authorize(server, owner.token, big, { FileName: 'long.mp3', FileType: 'audio/mpeg' });
    const refused = await put(server, grant.Data, big, { 'content-type': 'audio/mpeg' });
    expect(refused).toMatchObject({ status: 413, RetCode: RetCode.UploadTooLarge });
    // Nothing half-made: the refused upload cannot become a voice file.
    expect(await reply('AddUVMSAudio', { FileId: grant.Data.FileId, FileName: 'long.mp3' })).toMatchObject({
      RetCode: RetCode.ValidationError,
      Data: { Fields: [{ Field: 'FileId', Key: 'validation:audioFileRequired' }] },
    });
  });

  it('keeps tenants apart: another account cannot list, use, play or delete a file', async () => {
    const FileId = await upload(owner.token, mp3, 'private.mp3');
    const { AudioId } = await typedApi(server, { token: owner.token }).api('AddUVMSAudio', {
      FileId,
      FileName: 'private.mp3',
    });
    const intruder = typedApi(server, { token: other.token });
    expect((await intruder.api('GetUVMSAudioList', { Page: 1, NumPerPage: 100 })).List).toEqual([]);
    expect((await intruder.reply('AddUVMSAudio', { FileId, FileName: 'mine.mp3' })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await intruder.reply('GetUVMSAudioPlayUrl', { AudioId })).RetCode).toBe(RetCode.NotFound);
    expect((await intruder.reply('DeleteUVMSAudio', { AudioId })).RetCode).toBe(RetCode.NotFound);
    expect((await typedApi(server, { token: owner.token }).reply('GetUVMSAudioPlayUrl', { AudioId })).RetCode).toBe(0);
  });

  it('deletes a settled file, which is then never listed', async () => {
    const { api, reply } = typedApi(server, { token: owner.token });
    const FileId = await upload(owner.token, mp3, 'old.mp3');
    const { AudioId } = await api('AddUVMSAudio', { FileId, FileName: 'old.mp3' });
    const { Url } = await api('GetUVMSAudioPlayUrl', { AudioId });
    await api('DeleteUVMSAudio', { AudioId });
    // The bytes are gone too: the WAV's MediaURL, still signed, finds nothing.
    expect((await server.app.request(Url)).status).toBe(404);
    const list = await api('GetUVMSAudioList', { Page: 1, NumPerPage: 100 });
    expect(list.List.some((item) => item.AudioId === AudioId)).toBe(false);
    expect((await reply('DeleteUVMSAudio', { AudioId })).RetCode).toBe(RetCode.NotFound);
  });

  it('refuses to delete a file still Processing, and the start-up sweep finishes one a restart left', async () => {
    const { api, reply } = typedApi(server, { token: owner.token });
    const FileId = await upload(owner.token, mp3, 'interrupted.mp3');
    // As if the process died after the request committed, before its job ran: no worker on this queue.
    const offline = memoryJobQueue();
    const [{ audioId }] = await server.deps.database.db
      .insert(voiceAudioFiles)
      .values({
        audioId: 'VAINTERRUPTED0001',
        userId: owner.id,
        name: 'interrupted.mp3',
        sourceFileId: FileId,
        size: mp3.length,
        status: VOICE_AUDIO_STATUS.Processing,
        createdAt: server.clock.now(),
        updatedAt: server.clock.now(),
      })
      .returning();
    expect((await reply('DeleteUVMSAudio', { AudioId: audioId })).RetCode).toBe(RetCode.IllegalTransition);
    expect(await sweepVoiceAudio({ jobs: offline, database: server.deps.database })).toBeGreaterThanOrEqual(1);
    expect(offline.sent.map((job) => job.data)).toContainEqual({ audioId });
    // The next process's sweep, with its worker running.
    await sweepVoiceAudio(server.deps);
    const [row] = await server.deps.database.db
      .select()
      .from(voiceAudioFiles)
      .where(eq(voiceAudioFiles.audioId, audioId));
    expect(row.status).toBe(VOICE_AUDIO_STATUS.Success);
    expect((await api('GetUVMSAudioPlayUrl', { AudioId: audioId })).Url).toMatch(/^\/files\//);
  });

  it('answers bad input with a validation reply, never a 5xx', async () => {
    for (const input of [{ AudioId: 42 }, { AudioId: 'nope' }, { AudioId: 'VAxxxxxxxx', Extra: 1 }]) {
      const answer = await server.api('GetUVMSAudioPlayUrl', input, { token: owner.token });
      expect(answer.status).toBe(200);
      expect(answer.RetCode).toBe(RetCode.ValidationError);
    }
  });
});
