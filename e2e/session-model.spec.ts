import { expect, type Page, type Request } from '@playwright/test';
import { sessionMachine } from '../src/machines/session.machine';
import { modelPathTests } from './model-paths';
import { signIn } from './support';

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Herald' });
const isUserInfo = (request: Request) => request.postDataJSON()?.Action === 'GetUserInfo';

/** Another tab of the same browser does something, then closes. */
async function inAnotherTab(page: Page, act: (other: Page) => Promise<void>) {
  const other = await page.context().newPage();
  await act(other);
  await other.close();
}

async function signInThroughTheForm(page: Page) {
  await expect(signInHeading(page)).toBeVisible();
  await signIn(page);
}

// The session machine's generated paths, driven through the real console.
modelPathTests('session', {
  machine: sessionMachine,
  // Only the paths no other path extends: every step is still taken, in fewer sign-ins (CI time).
  longestOnly: true,
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
    // Issue 20: the gateway not reached at start-up (the request aborted) is offline, not signed out.
    'error: fetchUserInfo': async (page) => {
      await page.route('**/api', (route) =>
        isUserInfo(route.request()) ? route.abort('internetdisconnected') : route.continue(),
      );
      await page.reload();
    },
    'user.retry': async (page) => {
      await page.unroute('**/api');
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    // An answered not-logged code at start-up ends the session.
    'error: fetchUserInfo [endsSession]': async (page) => {
      await page.evaluate(() => localStorage.setItem('herald.accessToken', 'expired-token'));
      await page.reload();
    },
    // Other tabs: a sign-out there signs this tab out; a sign-in there signs this tab in.
    'credentials.changed [isSignedOutInStore]': (page) =>
      inAnotherTab(page, async (other) => {
        await other.goto('/dashboard');
        await other.getByTestId('account-menu').click();
        await other.getByRole('menuitem', { name: 'Sign out' }).click();
        await expect(other).toHaveURL(/\/signin/);
      }),
    'credentials.changed [isSignedInInStore]': (page) =>
      inAnotherTab(page, async (other) => {
        await other.goto('/signin');
        await signInThroughTheForm(other);
        await expect(other.getByTestId('account-menu')).toBeVisible();
      }),
    'session.logout': async (page) => {
      // offline, the console frame is not there: the offline screen has its own sign-out
      if (await page.getByRole('heading', { name: "Can't reach Herald" }).isVisible()) {
        await page.getByRole('button', { name: 'Sign out' }).click();
        return;
      }
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
    },
    // Expired: the stored token no longer works; the next call (the dashboard's, after an in-app
    // navigation, no reload) gets the not-logged code and the console ends the session.
    'session.expired': async (page) => {
      await page.evaluate(() => localStorage.setItem('herald.accessToken', 'expired-token'));
      // offline, no page is calling: the retry's own call meets the not-logged code
      if (await page.getByRole('heading', { name: "Can't reach Herald" }).isVisible()) {
        await page.unroute('**/api');
        await page.getByRole('button', { name: 'Try again' }).click();
        return;
      }
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
    'signedIn.user.offline': async (page) => {
      await expect(page.getByRole('heading', { name: "Can't reach Herald" })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('herald.accessToken'))).not.toBeNull();
    },
    'signedIn.user.ready': async (page) => {
      await expect(page.getByTestId('account-menu')).toBeVisible();
    },
  },
});
