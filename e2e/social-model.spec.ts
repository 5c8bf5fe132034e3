import { expect, type Page } from '@playwright/test';
import { socialPostComposerMachine } from '../src/machines/social-post-composer.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { connectProfile } from './social-support';
import { api } from './support';

// The social post composer's generated paths, driven through the real console (issue 16 item 3). The
// demo account's Facebook profile "Model path page" is connected (the same name is the same sandbox
// account, so runs do not add profiles). Publishing paths are left to the server tests and the journey.

const has = (path: PathInfo, label: string) => path.steps.some((step) => step.label.startsWith(label));
const PROFILE = 'Facebook · Model path page';

async function writePost(page: Page) {
  const box = page.getByLabel(PROFILE);
  if (!(await box.isChecked())) await box.check();
  await page.getByLabel('Text').fill('Model path post');
}

modelPathTests('socialPostComposer', {
  machine: socialPostComposerMachine,
  longestOnly: true,
  maxPaths: 5,
  start: async (page, path, request) => {
    const token = await demoToken(request);
    const profileId = await connectProfile(request, token, 1, 'Model path page');
    if (!has(path, 'always [hasPost]')) return signInDemo(page, '/mkthub/post/social/message');
    if (has(path, 'error: loadPost')) {
      await failAction(page, 'GetSocialPost');
      return signInDemo(page, '/mkthub/post/social/message/PS0000000000000000');
    }
    const { PostId } = await api<{ PostId: string }>(
      request,
      'SaveSocialPost',
      { ProfileIds: [profileId], Text: 'Draft for the model', Mode: 'draft' },
      token,
    );
    await signInDemo(page, `/mkthub/post/social/message/${PostId}`);
  },
  drivers: {
    always: 'auto',
    'always [hasPost]': 'auto',
    'done: loadPost': 'auto',
    'error: loadPost': 'auto',
    'done: saveDraft': 'auto',
    'done: schedulePost': 'auto',
    'post.saveDraft [hasProfiles]': async (page) => {
      await writePost(page);
      await page.getByRole('button', { name: 'Save draft' }).click();
    },
    'post.schedule [isSchedulable]': async (page) => {
      await writePost(page);
      await page.getByLabel('Schedule for').fill('2031-03-01T09:30');
      await page.getByRole('button', { name: 'Schedule' }).click();
    },
  },
  states: {
    editing: (page) => expect(page.getByLabel('Text')).toBeVisible(),
    loadFailed: (page) => expect(page.getByRole('button', { name: 'Try again' })).toBeVisible(),
    saved: (page) => expect(page).toHaveURL(/\/mkthub\/socialMedialist$/),
  },
});
