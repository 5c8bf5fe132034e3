import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { putOnOwnPlan } from '../testing/own-plan';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_PLATFORM } from '../../src/gateway/contract/social/platforms';
import { socialConsent, uniqueName as unique } from './signin-testkit';

// Social sign-in against the gateway's sandbox platforms over real HTTP: the state works once and only
// signed, a new platform account registers, one whose e-mail has an account links only after its password,
// and a platform account linked to one Herald account never signs in to another.

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Outcome {
  Result: string;
  AccessToken?: string;
  AdminUserID?: number;
  Ticket?: string;
  Email: string;
  Name: string;
  Fields?: { Field: string; Key: string }[];
}
const call = <D = Outcome>(action: string, input: Record<string, unknown>, token?: string) =>
  server.api<D>(action, input, token ? { token } : {}) as Promise<{ RetCode: number; Data: D }>;

/** The browser's part of a sign-in (signin-testkit.ts): the code and state LoginBySocialMedia takes. */
const consent = (platform: number, account: string, email = '') =>
  socialConsent(server, platform, account, { Purpose: 'signin' }, email);

async function existingUser(email: string, password: string) {
  const now = server.clock.now();
  const [user] = await server.deps.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), activatedAt: now, createdAt: now })
    .returning({ id: users.id });
  return user.id;
}

describe('social sign-in', () => {
  it('registers a new platform account with its e-mail, then signs it in again as the same account', async () => {
    const email = `${unique('new').replace(/\W/g, '')}@example.com`;
    const name = unique('Newcomer');
    const first = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.Twitter, name, email));
    expect(first.Data).toMatchObject({ Result: 'needsRegistration', Email: email, Name: name });
    const made = await call('RegisterBySocialMedia', { Ticket: first.Data.Ticket });
    expect(made.Data).toMatchObject({ Result: 'signedIn', Email: email });
    const me = await call<{ Email: string }>('GetUserInfo', {}, made.Data.AccessToken);
    expect(me.Data.Email).toBe(email);
    expect((await call('RegisterBySocialMedia', { Ticket: first.Data.Ticket })).RetCode).toBe(
      RetCode.SocialSignInTicketInvalid,
    );

    const again = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.Twitter, name, email));
    expect(again.Data).toMatchObject({ Result: 'signedIn', AdminUserID: made.Data.AdminUserID });
  });

  it('refuses a state used twice, a forged one, and one made for connecting a profile', async () => {
    const back = await consent(SOCIAL_PLATFORM.Facebook, unique('Replay'));
    expect((await call('LoginBySocialMedia', back)).RetCode).toBe(0);
    expect((await call('LoginBySocialMedia', back)).RetCode).toBe(RetCode.SocialSignInStateInvalid);

    const fresh = await consent(SOCIAL_PLATFORM.Facebook, unique('Forged'));
    const [nonce] = fresh.State.split('.');
    const forged = { ...fresh, State: `${nonce}.${'A'.repeat(43)}` };
    expect((await call('LoginBySocialMedia', forged)).RetCode).toBe(RetCode.SocialSignInStateInvalid);
    expect((await call('LoginBySocialMedia', { ...fresh, PlatformType: SOCIAL_PLATFORM.LinkedIn })).RetCode).toBe(
      RetCode.SocialSignInStateInvalid,
    );
    // The state is good but the platform refuses the code: the state is spent all the same.
    expect((await call('LoginBySocialMedia', { ...fresh, Code: 'forged.code' })).RetCode).toBe(
      RetCode.SocialSignInRefused,
    );
    expect((await call('LoginBySocialMedia', fresh)).RetCode).toBe(RetCode.SocialSignInStateInvalid);

    const tenant = await freshTenant(server);
    await putOnOwnPlan(server.deps, tenant.id, { key: `signin-${n++}`, modules: ['SocialMedia'], limits: {} });
    const profile = await call<{ State: string }>(
      'GetSocialMediaAuthUrl',
      { PlatformType: SOCIAL_PLATFORM.Facebook },
      tenant.token,
    );
    expect((await call('LoginBySocialMedia', { ...fresh, State: profile.Data.State })).RetCode).toBe(
      RetCode.SocialSignInStateInvalid,
    );
  });

  it('links a platform account whose e-mail has an account only after that account’s password', async () => {
    const email = `${unique('owner').replace(/\W/g, '')}@example.com`;
    const ownerId = await existingUser(email, 'Correct-horse-9');
    const name = unique('Owner on LinkedIn');
    const found = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.LinkedIn, name, email));
    expect(found.Data).toMatchObject({ Result: 'needsLink', Email: email });
    expect(found.Data.AccessToken).toBeUndefined();
    expect((await call('RegisterBySocialMedia', { Ticket: found.Data.Ticket })).RetCode).toBe(
      RetCode.SocialSignInEmailTaken,
    );
    const wrong = await call('LoginBindSocialMedia', { Ticket: found.Data.Ticket, Password: 'Wrong-horse-9' });
    expect(wrong.RetCode).toBe(RetCode.SignInFailed);
    // A typed e-mail does not replace the platform's: the ticket links only to the platform's e-mail.
    const other = `${unique('other').replace(/\W/g, '')}@example.com`;
    await existingUser(other, 'Other-horse-9');
    expect(
      (await call('LoginBindSocialMedia', { Ticket: found.Data.Ticket, Email: other, Password: 'Other-horse-9' }))
        .RetCode,
    ).toBe(RetCode.SignInFailed);
    const linked = await call('LoginBindSocialMedia', { Ticket: found.Data.Ticket, Password: 'Correct-horse-9' });
    expect(linked.Data).toMatchObject({ Result: 'signedIn', AdminUserID: ownerId });
    const again = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.LinkedIn, name, email));
    expect(again.Data).toMatchObject({ Result: 'signedIn', AdminUserID: ownerId });
  });

  it('never lets a platform account linked to one account sign in to another', async () => {
    const name = unique('Shared');
    const aEmail = `${unique('a').replace(/\W/g, '')}@example.com`;
    const bEmail = `${unique('b').replace(/\W/g, '')}@example.com`;
    const a = await existingUser(aEmail, 'Alpha-horse-9');
    const b = await existingUser(bEmail, 'Bravo-horse-9');
    // Two tickets for the same platform account (no e-mail shared), before either is linked.
    const first = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.TikTok, name));
    const second = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.TikTok, name));
    expect(first.Data.Result).toBe('needsRegistration');
    const toA = await call('LoginBindSocialMedia', {
      Ticket: first.Data.Ticket,
      Email: aEmail,
      Password: 'Alpha-horse-9',
    });
    expect(toA.Data.AdminUserID).toBe(a);
    const toB = await call('LoginBindSocialMedia', {
      Ticket: second.Data.Ticket,
      Email: bEmail,
      Password: 'Bravo-horse-9',
    });
    expect(toB.RetCode).toBe(RetCode.SocialIdentityTaken);
    const signIn = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.TikTok, name));
    expect(signIn.Data).toMatchObject({ Result: 'signedIn', AdminUserID: a });
    expect(signIn.Data.AdminUserID).not.toBe(b);
  });

  it('asks for an e-mail when the platform shares none, and activates it by mail first', async () => {
    const name = unique('Quiet');
    const found = await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.Facebook, name));
    expect(found.Data).toMatchObject({ Result: 'needsRegistration', Email: '' });
    const missing = await call('RegisterBySocialMedia', { Ticket: found.Data.Ticket });
    expect(missing.RetCode).toBe(RetCode.ValidationError);
    expect(missing.Data.Fields?.[0].Field).toBe('Email');
    const email = `${unique('quiet').replace(/\W/g, '')}@example.com`;
    const sent = await call('RegisterBySocialMedia', { Ticket: found.Data.Ticket, Email: email });
    expect(sent.Data).toMatchObject({ Result: 'activationSent', Email: email });
    const [user] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(user.activatedAt).toBeNull();
    expect((await call('LoginBySocialMedia', await consent(SOCIAL_PLATFORM.Facebook, name))).RetCode).toBe(
      RetCode.NotActivated,
    );
  });

  it('offers sign-in only with the sign-in platforms; a profile’s address still needs an account', async () => {
    const instagram = await call('GetSocialMediaAuthUrl', {
      PlatformType: SOCIAL_PLATFORM.Instagram,
      Purpose: 'signin',
    });
    expect(instagram.RetCode).toBe(RetCode.ValidationError);
    expect(instagram.Data.Fields?.[0]).toEqual({ Field: 'PlatformType', Key: 'validation:socialSignInPlatform' });
    expect((await call('GetSocialMediaAuthUrl', { PlatformType: SOCIAL_PLATFORM.Twitter })).RetCode).toBe(
      RetCode.NotLoggedIn,
    );
    expect(
      (await call('GetSocialMediaAuthUrl', { PlatformType: SOCIAL_PLATFORM.Twitter, Purpose: 'signin' }, 'bad-token'))
        .RetCode,
    ).toBe(RetCode.NotLoggedIn);
  });
});
