import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, voiceAudioFiles } from '../db/schema';
import { VOICE_AUDIO_STATUS, VOICE_TEMPLATE_STATUS as S } from '../../src/gateway/contract/statuses';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';

// Voice templates through the real queue: the two visible review steps, the reasons, the edits the
// lifecycle allows, field errors and tenants (docs/decisions.md "Voice templates").

let server: SmsTestServer;
let user: { id: number; token: string };
let other: { id: number; token: string };
let nextAudio = 1;

beforeAll(async () => {
  server = await createSmsTestServer();
  user = await createAccount(server);
  other = await createAccount(server);
}, 300_000);
afterAll(() => server?.close());

/** A voice file of the user in a status (its upload row too: the file table refers to it). */
async function audio(userId: number, status: number = VOICE_AUDIO_STATUS.Success): Promise<string> {
  const n = `${process.pid}x${nextAudio++}`;
  const now = server.deps.clock.now();
  const fileId = `vtfile${n}`;
  await server.deps.database.db.insert(files).values({
    id: fileId,
    userId,
    name: `greeting-${n}.mp3`,
    contentType: 'audio/mpeg',
    md5: '0'.repeat(32),
    size: 1000,
    status: 'stored',
    storageKey: fileId,
    createdAt: now,
    expiresAt: now,
    storedAt: now,
  });
  const audioId = `VAtest${n}`;
  await server.deps.database.db.insert(voiceAudioFiles).values({
    audioId,
    userId,
    name: `greeting-${n}.mp3`,
    sourceFileId: fileId,
    size: 1000,
    status,
    durationMs: 3200,
    createdAt: now,
    updatedAt: now,
  });
  return audioId;
}

type Saved = { TemplateId: string; Status: number; Fields?: { Field: string; Key: string }[] };
const create = async (input: Record<string, unknown>, token = user.token) =>
  (await server.call<Saved>('CreateUVMSTemplate', input, token)).Data;
const call = async (action: string, input: Record<string, unknown>, token = user.token) =>
  server.call<Saved>(action, input, token);
type Template = { Status: number; RejectReason: string; AudioName: string; Duration: number; RetCode?: number };
const get = async (TemplateId: string, token = user.token) => {
  const reply = await server.call<Template>('GetUVMSTemplate', { TemplateId }, token);
  return { ...reply.Data, RetCode: reply.RetCode };
};
const settled = (TemplateId: string) =>
  waitFor(
    () => get(TemplateId),
    (t) => [S.AuditPass, S.UcReject, S.AuditReject].includes(t.Status as never),
    90_000,
  );

describe('voice templates', { timeout: 120_000 }, () => {
  it('passes the content check and the audit to auditPass (7), the only usable status', async () => {
    const AudioId = await audio(user.id);
    const saved = await create({ TemplateName: 'Welcome call', AudioId });
    expect(saved.Status).toBe(S.WaitCheck);
    const done = await settled(saved.TemplateId);
    expect(done).toMatchObject({ Status: S.AuditPass, RejectReason: '', Duration: 3200 });
    expect(done.AudioName).toMatch(/^greeting-/);
  });

  it('rejects a blocked word at the content check (5) with the reason, and an edit resubmits it', async () => {
    const AudioId = await audio(user.id);
    const saved = await create({ TemplateName: 'Casino night', AudioId });
    const rejected = await settled(saved.TemplateId);
    expect(rejected.Status).toBe(S.UcReject);
    expect(rejected.RejectReason).toContain('casino');
    const edited = await call('UpdateUVMSTemplate', {
      TemplateId: saved.TemplateId,
      TemplateName: 'Movie night',
      AudioId,
    });
    expect(edited.Data.Status).toBe(S.WaitCheck);
    expect((await settled(saved.TemplateId)).Status).toBe(S.AuditPass);
  });

  it('rejects at the audit (8) a word a person must read', async () => {
    const saved = await create({ TemplateName: 'Jackpot call', AudioId: await audio(user.id) });
    const rejected = await settled(saved.TemplateId);
    expect(rejected.Status).toBe(S.AuditReject);
    expect(rejected.RejectReason).toContain('jackpot');
  });

  it('keeps a draft a draft, disables and enables an approved template', async () => {
    const AudioId = await audio(user.id);
    const draft = await create({ TemplateName: 'Draft call', AudioId, Submit: false });
    expect(draft.Status).toBe(S.Draft);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await get(draft.TemplateId)).Status).toBe(S.Draft);
    await call('UpdateUVMSTemplate', { TemplateId: draft.TemplateId, TemplateName: 'Draft call', AudioId });
    expect((await settled(draft.TemplateId)).Status).toBe(S.AuditPass);
    const off = await call('SetUVMSTemplateEnabled', { TemplateId: draft.TemplateId, Enabled: false });
    expect(off.Data.Status).toBe(S.Disabled);
    const again = await call('SetUVMSTemplateEnabled', { TemplateId: draft.TemplateId, Enabled: false });
    expect(again.RetCode).not.toBe(0);
    const on = await call('SetUVMSTemplateEnabled', { TemplateId: draft.TemplateId, Enabled: true });
    expect(on.Data.Status).toBe(S.AuditPass);
  });

  it('names the field of a voice file still Processing, and stores nothing', async () => {
    const processing = await audio(user.id, VOICE_AUDIO_STATUS.Processing);
    const total = async () => (await server.call<{ Total: number }>('GetUVMSTemplateList', {}, user.token)).Data.Total;
    const before = await total();
    const refused = await create({ TemplateName: 'Too early', AudioId: processing });
    expect(refused.Fields).toEqual([{ Field: 'AudioId', Key: 'validation:voiceAudioNotReady' }]);
    expect(await total()).toBe(before);
    const missing = await create({ TemplateName: '', AudioId: '' });
    expect(missing.Fields?.map((f) => f.Field).sort()).toEqual(['AudioId', 'TemplateName']);
  });

  it("never shows or uses another tenant's templates or voice files", async () => {
    const mine = await create({ TemplateName: 'Mine', AudioId: await audio(user.id) });
    expect((await get(mine.TemplateId, other.token)).RetCode).not.toBe(0);
    const borrowed = await create({ TemplateName: 'Borrowed', AudioId: await audio(user.id) }, other.token);
    expect(borrowed.Fields).toEqual([{ Field: 'AudioId', Key: 'validation:voiceAudioNotReady' }]);
    const list = await server.call<{ Templates: { TemplateId: string }[] }>('GetUVMSTemplateList', {}, other.token);
    expect(list.Data.Templates.map((t) => t.TemplateId)).not.toContain(mine.TemplateId);
  });
});
