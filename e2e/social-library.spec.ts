import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { connectProfile } from './social-support';
import { unique } from './support';

// Issue 16 items 3 and 6: a video put in the content library is chosen in the social post composer
// ("Choose from library" offers videos as well as images to a composer that takes them), and the platform's
// rule sees it as the post's media.

test.setTimeout(60_000);

/** The head of an ISO base media file (a box size, then 'ftyp'): the upload checks the signature. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000)]);

test('a library video is chosen for an Instagram post', async ({ page, request }) => {
  const clip = `${unique('clip')}.mp4`;
  await connectProfile(request, await demoToken(request), 2, 'Library video page');
  await signInDemo(page, '/tool/library');
  await page.getByLabel('Upload a file').setInputFiles({ name: clip, mimeType: 'video/mp4', buffer: MP4 });
  await expect(page.getByText(`${clip} is in the library.`)).toBeVisible({ timeout: 20_000 });

  await page.goto('/mkthub/post/social/message');
  await page.getByLabel('Instagram · Library video page').check();
  await page.getByLabel('Text').fill('A clip from the library');
  const rules = page.getByRole('region', { name: 'Platform rules' });
  await expect(rules.getByRole('listitem', { name: 'Instagram · Library video page' })).toContainText(
    'This platform needs an image or a video.',
  );
  await page.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from library' });
  await picker.getByLabel('Search by name').fill(clip);
  await picker.getByRole('button', { name: `Choose: ${clip}` }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: `Remove ${clip}` })).toBeVisible();
  await expect(rules.getByRole('listitem', { name: 'Instagram · Library video page' })).toContainText('ready');
});
