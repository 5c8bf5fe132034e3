import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTone } from '../server/providers/audio/test-audio';
import { signInFresh } from './settings-accounts';

// A voice file as a user meets it: an MP3 recorded elsewhere (made here by ffmpeg) is uploaded on
// /vms/audio, the decoder turns it into WAV (Processing, then Success with its duration), and it plays.

let dir: string;
let mp3: Buffer;
test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'herald-e2e-voice-'));
  await makeTone(path.join(dir, 'greeting.mp3'), { seconds: 2, encode: ['-c:a', 'libmp3lame', '-b:a', '64k'] });
  mp3 = readFileSync(path.join(dir, 'greeting.mp3'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an MP3 is uploaded, transcoded to WAV with its duration, played and deleted', async ({ page, request }) => {
  await signInFresh(page, request, 'voice');
  // the Voice group has audio files and templates: a menu in the top bar
  await page.getByRole('navigation', { name: 'Product navigation' }).getByRole('button', { name: 'Voice' }).click();
  await page.getByRole('menuitem', { name: 'Audio files' }).click();
  await expect(page).toHaveURL(/\/vms\/audio$/);
  await expect(page.getByRole('heading', { name: 'Audio files' })).toBeVisible();
  await expect(page.getByText('No audio files yet')).toBeVisible();

  await page.getByRole('button', { name: 'Upload audio' }).first().click();
  const dialog = page.getByTestId('audio-upload-dialog');
  const field = dialog.getByLabel('Audio file');
  // Refused at once, under the field, before anything is sent.
  await field.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
  await expect(dialog.getByText('Choose a WAV, FLAC, WMA, MP3, OGG, AAC or M4A file.')).toBeVisible();
  await field.setInputFiles({ name: 'greeting.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
  await expect(page.getByText('greeting.mp3 is uploaded and being converted to WAV.')).toBeVisible();

  const row = page.getByRole('row', { name: /greeting\.mp3/ });
  await expect(row.getByTestId('audio-status')).toHaveText('Success', { timeout: 20_000 });
  await expect(row.getByTestId('audio-duration')).toHaveText('0:02');

  await row.getByRole('button', { name: 'Play' }).click();
  const player = page.getByLabel('Player for greeting.mp3');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(2, 0);
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await page.getByTestId('audio-player').getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('greeting.mp3 was deleted.')).toBeVisible();
  await expect(page.getByText('No audio files yet')).toBeVisible();
});

test('a file that is not audio becomes Failed with the reason, in Chinese too', async ({ page, request }) => {
  await signInFresh(page, request, 'voice-bad');
  await page.goto('/vms/audio');
  await page.getByRole('button', { name: 'Upload audio' }).first().click();
  await page
    .getByTestId('audio-upload-dialog')
    .getByLabel('Audio file')
    .setInputFiles({ name: 'letter.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Dear customer,\n'.repeat(200)) });
  const row = page.getByRole('row', { name: /letter\.mp3/ });
  await expect(row.getByTestId('audio-status')).toHaveText('Failed', { timeout: 20_000 });
  await expect(row.getByTestId('audio-fail-reason')).toContainText('This file is not audio');
  await expect(row.getByRole('button', { name: 'Play' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '音频文件' })).toBeVisible();
  await expect(page.getByTestId('audio-fail-reason')).toContainText('该文件不是音频');
});
