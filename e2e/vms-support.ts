import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { makeTone } from '../server/providers/audio/test-audio';
import { contentMd5FromHex } from '../src/gateway/contract/actions/upload-rules';
import { api, unique } from './support';

// Voice helpers shared by the voice template journeys and the editor's model paths.

/** A 2-second MP3 made by the decoder's own ffmpeg (no fixture in the repository). */
export async function toneMp3(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'herald-e2e-voice-'));
  try {
    const file = path.join(dir, 'tone.mp3');
    await makeTone(file, { seconds: 2, encode: ['-c:a', 'libmp3lame', '-b:a', '64k'] });
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A voice file of the token's account through the gateway (authorise, PUT, AddUVMSAudio), once it is Success. */
export async function uploadVoiceFile(
  request: APIRequestContext,
  token: string,
  name: string,
  mp3: Buffer,
): Promise<string> {
  const md5 = createHash('md5').update(mp3).digest('hex');
  const grant = await api<{ Authorization: string; Address: string; FileId: string }>(
    request,
    'GetUploadAuthorization',
    { ExpiryDate: Math.floor(Date.now() / 1000) + 3600, FileName: name, FileType: 'audio/mpeg', MD5value: md5 },
    token,
  );
  const stored = await request.put(grant.Address, {
    data: mp3,
    headers: {
      authorization: grant.Authorization,
      'content-type': 'audio/mpeg',
      'content-md5': contentMd5FromHex(md5),
    },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  const { AudioId } = await api<{ AudioId: string }>(
    request,
    'AddUVMSAudio',
    { FileId: grant.FileId, FileName: name },
    token,
  );
  await expect
    .poll(
      async () => {
        const list = await api<{ List: { AudioId: string; Status: number }[] }>(
          request,
          'GetUVMSAudioList',
          { Page: 1, NumPerPage: 100 },
          token,
        );
        return list.List.find((file) => file.AudioId === AudioId)?.Status;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  return AudioId;
}

/** Picks a voice file in the editor's "Audio file" list box. */
export async function chooseAudio(page: Page, fileName: string, label = /^Audio file/) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: fileName, exact: true }).click();
}

/** An approved (AuditPass, 7) voice template of the demo account. */
export async function approvedVoiceTemplate(
  request: APIRequestContext,
  token: string,
  mp3: Buffer,
): Promise<{ id: string; name: string }> {
  const AudioId = await uploadVoiceFile(request, token, `${unique('call')}.mp3`, mp3);
  const name = unique('vms-send');
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUVMSTemplate',
    { TemplateName: name, AudioId },
    token,
  );
  await expect
    .poll(
      async () => {
        const list = await api<{ Templates: { TemplateId: string; Status: number }[] }>(
          request,
          'GetUVMSTemplateList',
          { Page: 1, NumPerPage: 100 },
          token,
        );
        return list.Templates.find((item) => item.TemplateId === TemplateId)?.Status;
      },
      { timeout: 40_000 },
    )
    .toBe(7);
  return { id: TemplateId, name };
}
