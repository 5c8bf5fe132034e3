import { expect, type Page } from '@playwright/test';
import { sessionMachine } from '../src/machines/session.machine';
import { modelPathTests } from './model-paths';
import { signIn } from './support';

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Herald' });

async function signInThroughTheForm(page: Page) {
  await expect(signInHeading(page)).toBeVisible();
  await signIn(page);
}

// The session machine's generated paths, driven through the real console.
modelPathTests('session', {
  machine: sessionMachine,
  start: (page) => page.goto('/signin').then(() => undefined),
  drivers: {
    // The console decides these by itself, from what it finds stored and from the gateway's replies.
    always: 'auto',
    'done: fetchUserInfo': 'auto',
    'done: logout': 'auto',
    // A stored session: sign in, then open the console again so it restores from storage.
    'always [hasAccessToken]': async (page) => {
      await signInThroughTheForm(page);
      await expect(page.getByTestId('account-menu')).toBeVisible();
      await page.reload();
    },
    'session.signIn': signInThroughTheForm,
    'session.logout': async (page) => {
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
    },
    // Expired: the stored token no longer works; the next call (the dashboard's, after an in-app
    // navigation, no reload) gets the not-logged code and the console ends the session.
    'session.expired': async (page) => {
      await page.evaluate(() => localStorage.setItem('herald.accessToken', 'expired-token'));
      for (const path of ['/flows', '/dashboard']) {
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
    },
  },
  states: {
    signedOut: async (page) => {
      await expect(page).toHaveURL(/\/signin/);
      await expect(signInHeading(page)).toBeVisible();
    },
    'signedIn.user.ready': async (page) => {
      await expect(page.getByTestId('account-menu')).toBeVisible();
    },
  },
});
