import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { users } from '../db/schema';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_PLATFORM } from '../../src/gateway/contract/social/platforms';
import { socialConsent, uniqueName as unique, type ConsentAsk } from './signin-testkit';

// Settings' linked sign-in identities and the sign-in's `service` (docs/decisions.md "Social sign-in: linked
// identities, service, reloads"), against the gateway's sandbox platforms over real HTTP.

let server: TestServer;

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Answer {
  Result?: string;
  AccessToken?: string;
  AdminUserID?: number;
  Ticket?: string;
  Service?: string;
  Email?: string;
  IdentityId?: number;
  Identities?: { IdentityId: number; PlatformType: number; Name: string }[];
  HasPassword?: boolean;
  Url?: string;
  State?: string;
  Fields?: { Field: string; Key: string }[];
}
const call = (action: string, input: Record<string, unknown>, token?: string) =>
  server.api<Answer>(action, input, token ? { token } : {}) as Promise<{ RetCode: number; Data: Answer }>;
const consent = (platform: number, account: string, ask: ConsentAsk, email = '') =>
  socialConsent(server, platform, account, ask, email);

const identitiesOf = async (token: string) => (await call('ListSocialIdentities', {}, token)).Data;

describe('the sign-in page’s service through a social sign-in', () => {
  it('comes back from the signed state, for a known and a new platform account alike', async () => {
    const account = unique('Service');
    const first = await call(
      'LoginBySocialMedia',
      await consent(SOCIAL_PLATFORM.Twitter, account, { Purpose: 'signin', Service: '/sms/send?tab=2' }),
    );
    expect(first.Data).toMatchObject({ Result: 'needsRegistration', Service: '/sms/send?tab=2' });
    const plain = await call(
      'LoginBySocialMedia',
      await consent(SOCIAL_PLATFORM.Twitter, account, { Purpose: 'signin' }),
    );
    expect(plain.Data.Service).toBe('');
  });

  it('is only ever a path of this console, and only for a sign-in', async () => {
    for (const Service of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'sms', '/a\nb']) {
      const answer = await call('GetSocialMediaAuthUrl', { PlatformType: 4, Purpose: 'signin', Service });
      expect(answer.RetCode, Service).toBe(RetCode.ValidationError);
      expect(answer.Data.Fields?.[0]).toMatchObject({ Field: 'Service' });
    }
    const tenant = await freshTenant(server);
    const forLink = await call(
      'GetSocialMediaAuthUrl',
      { PlatformType: 4, Purpose: 'link', Service: '/x' },
      tenant.token,
    );
    expect(forLink.Data.Fields?.[0]).toMatchObject({ Field: 'Service' });
  });
});

describe('linked sign-in identities', () => {
  it('links another identity from Settings, which then signs in to this account', async () => {
    const owner = await freshTenant(server);
    expect(await identitiesOf(owner.token)).toEqual({ Identities: [], HasPassword: true });
    const account = unique('Linked from settings');
    const back = await consent(SOCIAL_PLATFORM.LinkedIn, account, { Purpose: 'link', token: owner.token });
    expect(back.State.startsWith('link~')).toBe(true);
    const linked = await call('LinkSocialIdentity', back, owner.token);
    expect(linked.Data).toMatchObject({ PlatformType: SOCIAL_PLATFORM.LinkedIn, Name: account });
    expect((await identitiesOf(owner.token)).Identities?.map((i) => i.Name)).toEqual([account]);

    const signIn = await call(
      'LoginBySocialMedia',
      await consent(SOCIAL_PLATFORM.LinkedIn, account, { Purpose: 'signin' }),
    );
    expect(signIn.Data).toMatchObject({ Result: 'signedIn', AdminUserID: owner.id });
  });

  it('refuses a link state in another account’s hands, in a sign-in, or a sign-in state in a link', async () => {
    const owner = await freshTenant(server);
    const other = await freshTenant(server);
    const account = unique('Stolen link');
    const back = await consent(SOCIAL_PLATFORM.Twitter, account, { Purpose: 'link', token: owner.token });
    expect((await call('LinkSocialIdentity', back, other.token)).RetCode).toBe(RetCode.SocialSignInStateInvalid);
    const back2 = await consent(SOCIAL_PLATFORM.Twitter, account, { Purpose: 'link', token: owner.token });
    expect((await call('LoginBySocialMedia', back2)).RetCode).toBe(RetCode.SocialSignInStateInvalid);
    const signInState = await consent(SOCIAL_PLATFORM.Twitter, account, { Purpose: 'signin' });
    expect((await call('LinkSocialIdentity', signInState, owner.token)).RetCode).toBe(RetCode.SocialSignInStateInvalid);
    expect((await call('GetSocialMediaAuthUrl', { PlatformType: 4, Purpose: 'link' })).RetCode).toBe(
      RetCode.NotLoggedIn,
    );
    expect((await identitiesOf(owner.token)).Identities).toEqual([]);
  });

  it('refuses linking a platform account that signs in to another account', async () => {
    const first = await freshTenant(server);
    const second = await freshTenant(server);
    const account = unique('Taken');
    await call('LinkSocialIdentity', await consent(4, account, { Purpose: 'link', token: first.token }), first.token);
    const again = await call(
      'LinkSocialIdentity',
      await consent(4, account, { Purpose: 'link', token: second.token }),
      second.token,
    );
    expect(again.RetCode).toBe(RetCode.SocialIdentityTaken);
    const twice = await call(
      'LinkSocialIdentity',
      await consent(4, account, { Purpose: 'link', token: first.token }),
      first.token,
    );
    expect(twice.RetCode).toBe(0);
    expect((await identitiesOf(first.token)).Identities).toHaveLength(1);
  });

  it('keeps each account’s identities to itself: another account sees none and cannot unlink them', async () => {
    const owner = await freshTenant(server);
    const other = await freshTenant(server);
    const linked = await call(
      'LinkSocialIdentity',
      await consent(1, unique('Mine'), { Purpose: 'link', token: owner.token }),
      owner.token,
    );
    expect((await identitiesOf(other.token)).Identities).toEqual([]);
    const refused = await call('UnlinkSocialIdentity', { IdentityId: linked.Data.IdentityId }, other.token);
    expect(refused.RetCode).toBe(RetCode.NotFound);
    expect((await identitiesOf(owner.token)).Identities).toHaveLength(1);
    expect((await call('UnlinkSocialIdentity', { IdentityId: linked.Data.IdentityId }, owner.token)).RetCode).toBe(0);
    expect((await identitiesOf(owner.token)).Identities).toEqual([]);
  });

  it('never unlinks the last way in of an account without a password of its own', async () => {
    const email = `${unique('nopass').replace(/\W/g, '')}@example.com`;
    const account = unique('Only way in');
    const first = await call('LoginBySocialMedia', await consent(4, account, { Purpose: 'signin' }, email));
    const made = await call('RegisterBySocialMedia', { Ticket: first.Data.Ticket });
    const token = made.Data.AccessToken!;
    const mine = await identitiesOf(token);
    expect(mine).toMatchObject({ HasPassword: false });
    const only = mine.Identities![0].IdentityId;
    expect((await call('UnlinkSocialIdentity', { IdentityId: only }, token)).RetCode).toBe(
      RetCode.SocialIdentityLastSignIn,
    );

    await call('LinkSocialIdentity', await consent(6, unique('Second'), { Purpose: 'link', token }), token);
    expect((await call('UnlinkSocialIdentity', { IdentityId: only }, token)).RetCode).toBe(0);
    const left = (await identitiesOf(token)).Identities!;
    expect(left).toHaveLength(1);
    expect((await call('UnlinkSocialIdentity', { IdentityId: left[0].IdentityId }, token)).RetCode).toBe(
      RetCode.SocialIdentityLastSignIn,
    );
    // once a password is set (/retrieve's ResetPassword sets password_set), the last one may go
    await server.deps.database.db.update(users).set({ passwordSet: true }).where(eq(users.email, email));
    expect((await call('UnlinkSocialIdentity', { IdentityId: left[0].IdentityId }, token)).RetCode).toBe(0);
  });
});
