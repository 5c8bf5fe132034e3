// Shared set-up of the tests of social profiles against the gateway's sandbox platforms over real HTTP
// (social.test.ts, statistics.test.ts, inbox/social-inbox.test.ts; the server listens at its publicUrl:
// server/testing/listen.ts): an account on a plan with the social modules, and a connected sandbox profile.
import { expect } from 'vitest';
import type { TestServer } from '../testing/harness';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { putOnOwnPlan } from '../testing/own-plan';

export type SocialCall = <D = Record<string, unknown>>(
  action: string,
  input?: Record<string, unknown>,
) => Promise<{ RetCode: number; Data: D }>;

let plans = 0;

/** A new account on a plan of its own with these modules and at most `limit` social profiles; call() as it. */
export async function socialTenant(
  server: TestServer,
  { modules = ['SocialMedia'], limit = 5 }: { modules?: string[]; limit?: number } = {},
) {
  const account = await freshTenant(server);
  await putOnOwnPlan(server.deps, account.id, {
    key: `social-tenant-${plans++}`,
    modules,
    limits: { SocialMediaAccountLimit: limit },
  });
  const call: SocialCall = (action, input = {}) => server.api(action, input, { token: account.token });
  return { ...account, call };
}

/**
 * The console's connect steps: GetSocialMediaAuthUrl, the sandbox consent page's Allow as `account`, and
 * ConnectSocialProfile with the code and state it sends back. Answers the new profile's ProfileId.
 */
export async function connectSandboxProfile(owner: { call: SocialCall }, platform: number, account: string) {
  const auth = await owner.call<{ Url: string; State: string }>('GetSocialMediaAuthUrl', { PlatformType: platform });
  const form = new URLSearchParams({
    redirect_uri: new URL(auth.Data.Url).searchParams.get('redirect_uri')!,
    state: auth.Data.State,
    account,
    decision: 'allow',
  });
  const answer = await fetch(auth.Data.Url.split('?')[0], { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(answer.headers.get('location')!);
  const connected = await owner.call<{ ProfileId: string }>('ConnectSocialProfile', {
    PlatformType: platform,
    Code: back.searchParams.get('code'),
    State: back.searchParams.get('state'),
  });
  expect(connected.RetCode).toBe(0);
  return connected.Data.ProfileId;
}
