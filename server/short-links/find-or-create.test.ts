import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { createAccount } from '../handlers/sms/sms-test-helpers';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ShortLink } from '../../src/gateway/contract/actions/short-links';

// FindOrCreateShortLink, the composers' "Insert short link" (docs/decisions.md "Short links in message
// content"): one link per account and original URL (destination + UTM), made once however often or however
// concurrently it is asked for, and never another account's.

let server: TestServer;
let owner: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  server = await createTestServer();
  owner = await createAccount(server);
  other = await createAccount(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** What the SMS composer sends for its task "Autumn sale". */
const fromSmsComposer = {
  Title: 'Autumn shoes',
  Url: 'https://shop.example.com/autumn',
  UtmSource: 'sms',
  UtmMedium: 'message',
  UtmCampaign: 'Autumn sale',
};

type Reply = ShortLink & { Reused: boolean };
const insert = (input: Record<string, unknown>, token = owner.token) =>
  server.api<Reply>('FindOrCreateShortLink', input, { token });
const list = (token: string) => server.api<{ Links: ShortLink[]; Total: number }>('ListShortLink', {}, { token });

describe('FindOrCreateShortLink', () => {
  it('makes the link once and hands the same one back for the same destination and UTM', async () => {
    const first = await insert(fromSmsComposer);
    expect(first.RetCode).toBe(0);
    expect(first.Data.Reused).toBe(false);
    expect(first.Data.UtmCampaign).toBe('Autumn sale');
    expect(new URL(first.Data.OriginalUrl).searchParams.get('utm_source')).toBe('sms');

    // A second insert (another title, spaces the schema trims) is the same link.
    const again = await insert({ ...fromSmsComposer, Title: 'Other title', UtmCampaign: ' Autumn sale ' });
    expect(again.Data).toMatchObject({ LinkId: first.Data.LinkId, ShortUrl: first.Data.ShortUrl, Reused: true });
    expect(again.Data.Title).toBe('Autumn shoes');

    // The page's CreateShortLink still makes a new link each time; the insert keeps to the oldest.
    const made = await server.api<ShortLink>('CreateShortLink', fromSmsComposer, { token: owner.token });
    expect(made.Data.LinkId).not.toBe(first.Data.LinkId);
    expect((await insert(fromSmsComposer)).Data.LinkId).toBe(first.Data.LinkId);
  });

  it('makes a distinct link per campaign, channel or optional UTM part', async () => {
    const base = (await insert(fromSmsComposer)).Data.LinkId;
    const variants = [
      { ...fromSmsComposer, UtmCampaign: 'Winter sale' },
      { ...fromSmsComposer, UtmSource: 'email' },
      { ...fromSmsComposer, UtmTerm: 'boots' },
      { ...fromSmsComposer, UtmContent: 'footer' },
    ];
    const ids = [];
    for (const variant of variants) ids.push((await insert(variant)).Data.LinkId);
    expect(new Set([base, ...ids]).size).toBe(5);
  });

  it('makes one link when the same insert arrives several times at once', async () => {
    const input = { ...fromSmsComposer, UtmCampaign: 'Flash sale' };
    const replies = await Promise.all([insert(input), insert(input), insert(input), insert(input)]);
    expect(new Set(replies.map((r) => r.Data.LinkId)).size).toBe(1);
    expect(replies.filter((r) => !r.Data.Reused)).toHaveLength(1);
  });

  it("is scoped to the account: another account gets its own link and never sees the owner's", async () => {
    const mine = await insert(fromSmsComposer);
    const theirs = await insert(fromSmsComposer, other.token);
    expect(theirs.Data.Reused).toBe(false);
    expect(theirs.Data.LinkId).not.toBe(mine.Data.LinkId);
    const theirList = (await list(other.token)).Data.Links.map((l) => l.LinkId);
    expect(theirList).toEqual([theirs.Data.LinkId]);
    expect((await server.api('GetShortLink', { LinkId: mine.Data.LinkId }, { token: other.token })).RetCode).toBe(
      RetCode.NotFound,
    );
  });

  it('a deleted link is not handed back: the next insert makes a new one', async () => {
    const input = { ...fromSmsComposer, UtmCampaign: 'Gone sale' };
    const first = await insert(input);
    await server.api('DeleteShortLink', { LinkId: first.Data.LinkId }, { token: owner.token });
    const next = await insert(input);
    expect(next.Data.Reused).toBe(false);
    expect(next.Data.LinkId).not.toBe(first.Data.LinkId);
  });

  it('refuses what the create page refuses, at the field', async () => {
    for (const Url of ['javascript:alert(1)', 'ftp://x']) {
      const reply = await insert({ ...fromSmsComposer, Url });
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect(reply.Data).toMatchObject({ Fields: [{ Field: 'Url' }] });
    }
    const noCampaign = await insert({ ...fromSmsComposer, UtmCampaign: ' ' });
    expect(noCampaign.Data).toMatchObject({
      Fields: [{ Field: 'UtmCampaign', Key: 'validation:utmCampaignRequired' }],
    });
    expect((await insert({ ...fromSmsComposer, LinkId: 'SL123456' })).RetCode).toBe(RetCode.ValidationError);
  });
});
