// Shared steps of the social sign-in tests (signin.test.ts, identities.test.ts) against the gateway's sandbox
// platforms over real HTTP (the test server listens at its publicUrl: server/testing/listen.ts).
import { expect } from 'vitest';
import type { TestServer } from '../testing/harness';

let made = 0;
/** A platform account's name (or an e-mail's local part) no other test of this run uses. */
export const uniqueName = (label: string) => `${label} ${process.pid}-${Date.now()}-${made++}`;

export interface ConsentAsk {
  Purpose: 'signin' | 'link';
  /** The sign-in page's `service` (a path of this console). */
  Service?: string;
  /** The signed-in account that links (Purpose link). */
  token?: string;
}

/**
 * The browser's part: GetSocialMediaAuthUrl, the sandbox consent page's Allow as `account` (sharing `email`),
 * and the code and state the platform sends back to /medialogin/<platform>: LoginBySocialMedia's or
 * LinkSocialIdentity's input.
 */
export async function socialConsent(
  server: TestServer,
  platform: number,
  account: string,
  ask: ConsentAsk = { Purpose: 'signin' },
  email = '',
) {
  const { token, ...asked } = ask;
  const auth = await server.api<{ Url: string; State: string }>(
    'GetSocialMediaAuthUrl',
    { PlatformType: platform, ...asked },
    token ? { token } : {},
  );
  expect(auth.RetCode).toBe(0);
  const url = new URL(auth.Data.Url);
  expect(url.searchParams.get('redirect_uri')).toMatch(new RegExp(`/medialogin/${platform}$`));
  const form = new URLSearchParams({
    redirect_uri: url.searchParams.get('redirect_uri')!,
    state: auth.Data.State,
    account,
    email,
    decision: 'allow',
  });
  const answer = await fetch(auth.Data.Url.split('?')[0], { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe(`/medialogin/${platform}`);
  return { PlatformType: platform, Code: back.searchParams.get('code')!, State: back.searchParams.get('state')! };
}
