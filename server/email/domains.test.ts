import { createPublicKey, createSign, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, txtStrings, type LoopbackDns } from '../providers/dns/loopback-dns';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { createAccount } from '../handlers/sms/sms-test-helpers';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_DOMAIN_STATUS, EMAIL_SENDER_STATUS } from '../../src/gateway/contract/email-domains';
import type { EmailDomain } from '../../src/gateway/contract/actions/email-domains';
import type { MemoryJobQueue } from '../queue/memory';
import { QUEUE } from '../queue';
import { dkimSigningKeyFor, recheckDomain, RECHECK_INTERVAL_MS } from './domains';

// Domain verification against a real DNS server on loopback (dns2): Herald's resolver is pointed at it
// exactly as HERALD_DNS_SERVERS would, and every look-up is a real UDP query through node:dns.

let dns: LoopbackDns;
let server: TestServer;
let owner: ReturnType<typeof typedApi>;
let other: ReturnType<typeof typedApi>;
let ownerId: number;
let otherId: number;
let nextDomain = 1;

beforeAll(async () => {
  dns = await startLoopbackDns();
  server = await createTestServer({
    config: { devTools: true, testClock: true, dns: { servers: [dns.address], timeoutMs: 400, tries: 1 } },
  });
  const a = await createAccount(server);
  const b = await createAccount(server);
  ownerId = a.id;
  otherId = b.id;
  owner = typedApi(server, { token: a.token });
  other = typedApi(server, { token: b.token });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

const freshName = () => `mail${nextDomain++}-${process.pid}.example.com`;
const record = (domain: EmailDomain, kind: string) => domain.Records.find((r) => r.Kind === kind)!;

/** Publishes every record as the console says, as a DNS host would (the DKIM key split in 255-octet strings). */
function publishAll(domain: EmailDomain) {
  const mx = record(domain, 'MX').Value.split(' ');
  dns.set(domain.Domain, {
    TXT: [txtStrings(record(domain, 'SPF').Value), ['google-site-verification=abc']],
    MX: [{ priority: Number(mx[0]), exchange: mx[1] }],
  });
  dns.set(record(domain, 'DKIM').Name, { TXT: [txtStrings(record(domain, 'DKIM').Value)] });
  dns.set(record(domain, 'DMARC').Name, { TXT: [[record(domain, 'DMARC').Value]] });
  dns.set(record(domain, 'TRACKING').Name, { CNAME: record(domain, 'TRACKING').Value });
}

async function addedDomain(name = freshName()) {
  return owner.api('AddUEmailDomain', { Domain: name });
}

async function verifiedDomain() {
  const domain = await addedDomain();
  publishAll(domain);
  const verified = await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
  expect(verified.Status).toBe(EMAIL_DOMAIN_STATUS.Passed);
  return verified;
}

describe('adding a sending domain', () => {
  it('makes a DKIM key pair and lists the five records with host and value needed', async () => {
    const domain = await addedDomain();
    expect(domain.Status).toBe(EMAIL_DOMAIN_STATUS.Unverified);
    expect(domain.Editable).toBe(true);
    expect(domain.Records.map((r) => [r.Kind, r.Type, r.Host, r.Status])).toEqual([
      ['SPF', 'TXT', '@', 0],
      ['DKIM', 'TXT', `${domain.DkimSelector}._domainkey`, 0],
      ['DMARC', 'TXT', '_dmarc', 0],
      ['MX', 'MX', '@', 0],
      ['TRACKING', 'CNAME', 'track', 0],
    ]);
    expect(record(domain, 'SPF').Value).toBe('v=spf1 include:_spf.herald.local ~all');
    expect(record(domain, 'TRACKING').Name).toBe(`track.${domain.Domain}`);
    expect(domain.TrackingDomain).toBe(`track.${domain.Domain}`);
    // The p= is a 2048-bit RSA public key; nothing private is in the reply.
    const p = /p=([A-Za-z0-9+/=]+)$/.exec(record(domain, 'DKIM').Value)![1];
    const key = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(JSON.stringify(domain)).not.toMatch(/PRIVATE KEY/);
    const jobs = (server.deps.jobs as MemoryJobQueue).sent.filter((j) => j.queue === QUEUE.emailDomainCheck);
    expect(jobs.at(-1)).toMatchObject({ data: { domainId: domain.DomainId, attempt: 1 } });
    expect(jobs.at(-1)?.options.startAfterMs).toBe(RECHECK_INTERVAL_MS);
  });

  it.each([
    ['Chinese characters', '邮件.example.com', 'validation:emailDomainInvalid'],
    ['a space', 'mail example.com', 'validation:emailDomainInvalid'],
    ['special characters', 'mail_$.example.com', 'validation:emailDomainInvalid'],
    ['no dot', 'localhost', 'validation:emailDomainInvalid'],
    ['nothing', '', 'validation:emailDomainRequired'],
    ['a mailbox provider', 'gmail.com', 'validation:emailDomainMailboxProvider'],
    ['a mailbox provider sub-domain', 'vip.163.com', 'validation:emailDomainMailboxProvider'],
  ])('refuses %s with a field error', async (_, Domain, key) => {
    const reply = await owner.reply('AddUEmailDomain', { Domain });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect((reply.Data as { Fields?: unknown }).Fields).toEqual([{ Field: 'Domain', Key: key }]);
  });

  it('refuses the same domain twice, in any case, but lets another tenant add it', async () => {
    const name = freshName();
    await addedDomain(name);
    expect((await owner.reply('AddUEmailDomain', { Domain: name.toUpperCase() })).RetCode).toBe(
      RetCode.EmailDomainExists,
    );
    expect((await other.reply('AddUEmailDomain', { Domain: name })).RetCode).toBe(0);
  });
});

describe('verification by DNS', () => {
  it('passes each record kind when published, through the loopback DNS server', async () => {
    const domain = await verifiedDomain();
    for (const r of domain.Records) expect([r.Kind, r.Status, r.Reason]).toEqual([r.Kind, 1, '']);
    expect(record(domain, 'SPF').Found).toEqual([record(domain, 'SPF').Value]);
    expect(record(domain, 'MX').Found).toEqual(['10 mx.herald.local']);
    expect(record(domain, 'TRACKING').Found).toEqual(['track.herald.local']);
    expect(domain.VerifyTime).toBeGreaterThan(0);
  });

  const failures: [string, string, (d: EmailDomain) => void, string][] = [
    ['SPF', 'missing', (d) => dns.set(d.Domain, { MX: [{ priority: 10, exchange: 'mx.herald.local' }] }), 'missing'],
    [
      'SPF',
      'wrong',
      (d) =>
        dns.set(d.Domain, {
          TXT: [['v=spf1 include:_spf.google.com ~all']],
          MX: [{ priority: 10, exchange: 'mx.herald.local' }],
        }),
      'mismatch',
    ],
    [
      'SPF',
      'doubled',
      (d) =>
        dns.set(d.Domain, {
          TXT: [[record(d, 'SPF').Value], ['v=spf1 -all']],
          MX: [{ priority: 10, exchange: 'mx.herald.local' }],
        }),
      'mismatch',
    ],
    ['DKIM', 'missing', (d) => dns.set(record(d, 'DKIM').Name, {}), 'missing'],
    ['DKIM', 'NXDOMAIN', (d) => dns.remove(record(d, 'DKIM').Name), 'noDomain'],
    ['DKIM', 'wrong', (d) => dns.set(record(d, 'DKIM').Name, { TXT: [['v=DKIM1; k=rsa; p=MIIBIjAN']] }), 'mismatch'],
    ['DKIM', 'time-out', (d) => dns.silence(record(d, 'DKIM').Name), 'timeout'],
    ['DMARC', 'NXDOMAIN', (d) => dns.remove(record(d, 'DMARC').Name), 'noDomain'],
    ['DMARC', 'wrong', (d) => dns.set(record(d, 'DMARC').Name, { TXT: [['v=DMARC1; p=maybe']] }), 'mismatch'],
    ['DMARC', 'time-out', (d) => dns.silence(record(d, 'DMARC').Name), 'timeout'],
    ['MX', 'missing', (d) => dns.set(d.Domain, { TXT: [[record(d, 'SPF').Value]] }), 'missing'],
    [
      'MX',
      'wrong',
      (d) =>
        dns.set(d.Domain, {
          TXT: [[record(d, 'SPF').Value]],
          MX: [{ priority: 10, exchange: 'mx.elsewhere.example' }],
        }),
      'mismatch',
    ],
    ['TRACKING', 'NXDOMAIN', (d) => dns.remove(record(d, 'TRACKING').Name), 'noDomain'],
    ['TRACKING', 'wrong', (d) => dns.set(record(d, 'TRACKING').Name, { CNAME: 'elsewhere.example' }), 'mismatch'],
  ];

  it.each(failures)('fails %s when it is %s', async (kind, _, spoil, reason) => {
    const domain = await addedDomain();
    publishAll(domain);
    spoil(domain);
    const checked = await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    expect(record(checked, kind)).toMatchObject({ Status: EMAIL_DOMAIN_STATUS.Failed, Reason: reason });
    const others = checked.Records.filter((r) => r.Kind !== kind);
    for (const r of others) expect([r.Kind, r.Status]).toEqual([r.Kind, EMAIL_DOMAIN_STATUS.Passed]);
    // The tracking CNAME is shown but optional: the domain passes without it.
    expect(checked.Status).toBe(kind === 'TRACKING' ? EMAIL_DOMAIN_STATUS.Passed : EMAIL_DOMAIN_STATUS.Failed);
    if (kind !== 'TRACKING') expect(checked.Editable).toBe(true);
  });

  it('fails every record of a domain that does not exist', async () => {
    const domain = await addedDomain();
    const checked = await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    expect(checked.Status).toBe(EMAIL_DOMAIN_STATUS.Failed);
    expect(new Set(checked.Records.map((r) => r.Reason))).toEqual(new Set(['noDomain']));
  });

  it('once verified and now failing, the domain cannot be edited until it passes again', async () => {
    const domain = await verifiedDomain();
    dns.remove(record(domain, 'DMARC').Name);
    const failed = await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    expect(failed).toMatchObject({ Status: EMAIL_DOMAIN_STATUS.Failed, VerifiedBefore: true, Editable: false });
    const edit = await owner.reply('UpdateUEmailDomain', { DomainId: domain.DomainId, TrackingPrefix: 'links' });
    expect(edit.RetCode).toBe(RetCode.EmailDomainNotEditable);
    publishAll(domain);
    const again = await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    expect(again).toMatchObject({ Status: EMAIL_DOMAIN_STATUS.Passed, Editable: true });
    const edited = await owner.api('UpdateUEmailDomain', { DomainId: domain.DomainId, TrackingPrefix: 'Links2' });
    expect(edited).toMatchObject({ TrackingPrefix: 'links2', TrackingDomain: `links2.${domain.Domain}` });
    expect(record(edited, 'TRACKING').Status).toBe(EMAIL_DOMAIN_STATUS.Unverified);
  });

  it('a never-verified failed domain can be edited, and goes back to unverified', async () => {
    const domain = await addedDomain();
    await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    const edited = await owner.api('UpdateUEmailDomain', { DomainId: domain.DomainId, TrackingPrefix: 'click' });
    expect(edited).toMatchObject({ Status: EMAIL_DOMAIN_STATUS.Unverified, TrackingPrefix: 'click' });
    const bad = await owner.reply('UpdateUEmailDomain', { DomainId: domain.DomainId, TrackingPrefix: 'cl-ick' });
    expect(bad.RetCode).toBe(RetCode.ValidationError);
  });

  it('the re-check job verifies a pending domain and queues its next attempt until it passes', async () => {
    const domain = await addedDomain();
    const deps = { ...server.deps, db: server.deps.database.db };
    const queued = () =>
      (server.deps.jobs as MemoryJobQueue).sent.filter(
        (j) => j.queue === QUEUE.emailDomainCheck && (j.data as { domainId: string }).domainId === domain.DomainId,
      );
    await recheckDomain(deps, { domainId: domain.DomainId, attempt: 1 });
    expect((await owner.api('GetUEmailDomain', { DomainId: domain.DomainId })).Status).toBe(2);
    expect(queued().at(-1)?.data).toEqual({ domainId: domain.DomainId, attempt: 2 });
    publishAll(domain);
    await recheckDomain(deps, { domainId: domain.DomainId, attempt: 2 });
    expect((await owner.api('GetUEmailDomain', { DomainId: domain.DomainId })).Status).toBe(1);
    expect(queued()).toHaveLength(2);
  });
});

describe('senders', () => {
  it('refuses a sender on an unverified domain, or on a domain not added, naming the address field', async () => {
    const pending = await addedDomain();
    const unverified = await owner.reply('AddUEmailSender', { Alias: 'Shop', Address: `news@${pending.Domain}` });
    expect(unverified.Data).toEqual({ Fields: [{ Field: 'Address', Key: 'validation:senderDomainUnverified' }] });
    const unknown = await owner.reply('AddUEmailSender', { Alias: 'Shop', Address: 'news@nowhere.example' });
    expect(unknown.Data).toEqual({ Fields: [{ Field: 'Address', Key: 'validation:senderDomainUnknown' }] });
  });

  it('adds an enabled sender on a verified domain, disables, enables and deletes it', async () => {
    const domain = await verifiedDomain();
    const sender = await owner.api('AddUEmailSender', { Alias: 'Acme News', Address: `News@${domain.Domain}` });
    expect(sender).toMatchObject({ Alias: 'Acme News', Address: `news@${domain.Domain}`, Status: 1 });
    const again = await owner.reply('AddUEmailSender', { Alias: 'Other', Address: `news@${domain.Domain}` });
    expect(again.RetCode).toBe(RetCode.EmailSenderExists);
    const { Disabled, Enabled } = EMAIL_SENDER_STATUS;
    expect((await owner.api('UpdateUEmailSenderStatus', { SenderId: sender.SenderId, Status: Disabled })).Status).toBe(
      Disabled,
    );
    expect((await owner.api('UpdateUEmailSenderStatus', { SenderId: sender.SenderId, Status: Enabled })).Status).toBe(
      Enabled,
    );
    await owner.api('DeleteUEmailSender', { SenderId: sender.SenderId });
    const list = await owner.api('GetUEmailSenderList', {});
    expect(list.Senders.map((s) => s.SenderId)).not.toContain(sender.SenderId);
    expect((await owner.reply('DeleteUEmailSender', { SenderId: sender.SenderId })).RetCode).toBe(RetCode.NotFound);
  });

  it('cannot enable a sender while its domain fails; deleting the domain deletes its senders', async () => {
    const domain = await verifiedDomain();
    const sender = await owner.api('AddUEmailSender', { Alias: 'Ops', Address: `ops@${domain.Domain}` });
    await owner.api('UpdateUEmailSenderStatus', { SenderId: sender.SenderId, Status: 0 });
    dns.remove(domain.Domain);
    await owner.api('VerifyUEmailDomain', { DomainId: domain.DomainId });
    const enable = await owner.reply('UpdateUEmailSenderStatus', { SenderId: sender.SenderId, Status: 1 });
    expect(enable.RetCode).toBe(RetCode.EmailDomainNotVerified);
    await owner.api('DeleteUEmailDomain', { DomainId: domain.DomainId });
    const senders = await owner.api('GetUEmailSenderList', {});
    expect(senders.Senders.map((s) => s.SenderId)).not.toContain(sender.SenderId);
    const domains = await owner.api('GetUEmailDomainList', {});
    expect(domains.Domains.map((d) => d.DomainId)).not.toContain(domain.DomainId);
  });
});

describe('tenants', () => {
  it('never see or touch each other’s domains, senders or keys', async () => {
    const domain = await verifiedDomain();
    const sender = await owner.api('AddUEmailSender', { Alias: 'Mine', Address: `hello@${domain.Domain}` });
    expect((await other.api('GetUEmailDomainList', {})).Domains.map((d) => d.DomainId)).not.toContain(domain.DomainId);
    expect((await other.api('GetUEmailSenderList', {})).Senders).toEqual([]);
    for (const action of ['GetUEmailDomain', 'VerifyUEmailDomain', 'DeleteUEmailDomain'] as const)
      expect((await other.reply(action, { DomainId: domain.DomainId })).RetCode).toBe(RetCode.NotFound);
    const steal = await other.reply('AddUEmailSender', { Alias: 'Theirs', Address: `boss@${domain.Domain}` });
    expect(steal.Data).toEqual({ Fields: [{ Field: 'Address', Key: 'validation:senderDomainUnknown' }] });
    const disable = await other.reply('UpdateUEmailSenderStatus', { SenderId: sender.SenderId, Status: 0 });
    expect(disable.RetCode).toBe(RetCode.NotFound);
    expect(await dkimSigningKeyFor(server.deps.database.db, otherId, domain.Domain)).toBeNull();
  });
});

describe('dkimSigningKeyFor', () => {
  it('gives the private key matching the published record, for a passed domain only', async () => {
    const pending = await addedDomain();
    expect(await dkimSigningKeyFor(server.deps.database.db, ownerId, pending.Domain)).toBeNull();
    const domain = await verifiedDomain();
    const key = await dkimSigningKeyFor(server.deps.database.db, ownerId, domain.Domain.toUpperCase());
    expect(key).toMatchObject({ domainName: domain.Domain, keySelector: domain.DkimSelector });
    const signature = createSign('RSA-SHA256').update('mail').sign(key!.privateKey);
    const p = /p=(.+)$/.exec(record(domain, 'DKIM').Value)![1];
    const published = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
    expect(createVerify('RSA-SHA256').update('mail').verify(published, signature)).toBe(true);
  });
});
