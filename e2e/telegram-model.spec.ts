import { expect, type Page } from '@playwright/test';
import { tgPostComposerMachine } from '../src/machines/tg-post-composer.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { api } from './support';
import { demoWithGroups } from './telegram-support';

// The Telegram post composer's generated paths, driven through the real console (issue 15 item 6). A saved
// post leaves the page for /mkthub/tglist (the composer actor ends with it), so paths into `saved` are left
// to the journey in telegram.spec.ts.

const has = (path: PathInfo, label: string) => path.steps.some((step) => step.label.startsWith(label));
const writeText = (page: Page) => page.getByLabel('Message').fill('Model path post');

modelPathTests('tgPostComposer', {
  machine: tgPostComposerMachine,
  // Only the paths no other path extends: every step is still taken, in fewer sign-ins (CI time).
  longestOnly: true,
  start: async (page, path, request) => {
    const { token, groups } = await demoWithGroups(request, 777_000_001);
    if (has(path, 'error: saveDraft')) await failAction(page, 'CreateTGTask');
    if (has(path, 'error: submitPost')) await failAction(page, 'CreateTGTask');
    if (!has(path, 'always [hasSource]')) return signInDemo(page, '/mkthub/post/tg/message');
    if (has(path, 'error: loadPost')) {
      await failAction(page, 'GetTGTask');
      return signInDemo(page, '/mkthub/post/tg/message/TG0000000000000000');
    }
    const { PostId } = await api<{ PostId: string }>(
      request,
      'CreateTGTask',
      { Text: 'Draft for the model', ChatIds: [groups[0].ChatId], Draft: true },
      token,
    );
    await signInDemo(page, `/mkthub/post/tg/message/${PostId}`);
  },
  drivers: {
    always: 'auto',
    'always [hasSource]': 'auto',
    'done: loadPost': 'auto',
    'error: loadPost': 'auto',
    'error: saveDraft': 'auto',
    'error: submitPost': 'auto',
    'load.retry': (page) => page.getByRole('button', { name: 'Try again' }).click(),
    'text.change': writeText,
    'group.toggle': (page) => page.getByLabel('Sandbox group A').click(),
    'post.saveDraft [hasText]': async (page) => {
      await writeText(page);
      await page.getByRole('button', { name: 'Save draft' }).click();
    },
    'post.submit [isReady]': async (page) => {
      await writeText(page);
      const box = page.getByLabel('Sandbox group A');
      if (!(await box.isChecked())) await box.check();
      await page.getByRole('button', { name: /^Send now$|^Schedule$/ }).click();
    },
  },
  states: {
    editing: (page) => expect(page.getByLabel('Message')).toBeVisible(),
    loadFailed: (page) => expect(page.getByRole('button', { name: 'Try again' })).toBeVisible(),
  },
});
