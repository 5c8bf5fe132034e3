import { expect, type APIRequestContext } from '@playwright/test';
import { api } from './support';

/** A 1×1 PNG: the upload machine checks the file's signature, so it must be a real one. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Connects a sandbox social profile for the token's account without a browser: the authorize address, the
 * consent form's Allow, the code back to ConnectSocialProfile (the sandbox rules: docs/decisions.md
 * "Social profiles and posts").
 */
export async function connectProfile(
  request: APIRequestContext,
  token: string,
  platform: number,
  account: string,
): Promise<string> {
  const { Url, State } = await api<{ Url: string; State: string }>(
    request,
    'GetSocialMediaAuthUrl',
    { PlatformType: platform },
    token,
  );
  const redirectUri = new URL(Url).searchParams.get('redirect_uri')!;
  const answer = await request.post(Url.split('?')[0], {
    form: { redirect_uri: redirectUri, state: State, account, decision: 'allow' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  const back = new URL(answer.headers()['location']);
  const { ProfileId } = await api<{ ProfileId: string }>(
    request,
    'ConnectSocialProfile',
    { PlatformType: platform, Code: back.searchParams.get('code'), State },
    token,
  );
  return ProfileId;
}
