import { and, eq } from 'drizzle-orm';
import { fc, test as fcTest } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, wallets } from '../../db/schema';
import { MAIN_WALLET } from '../../money/ledger';
import { smsPrice, supportedCountry } from '../../sms/countries';
import { mmsActions } from '../../../src/gateway/contract/actions/mms';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../sms/sms-test-helpers';

// MMS per-channel tests: what differs from the kernel's table (server/channels/kernel.test.ts):
// image rules, the template with a subject and images, the price per message and the main wallet.

let server: SmsTestServer;
let user: { id: number; token: string };
const BALANCE = 10_000_000;
let nextFile = 1;

beforeAll(async () => {
  server = await createSmsTestServer();
  user = await createAccount(server);
  await server.deps.database.db.insert(wallets).values({ userId: user.id, productType: MAIN_WALLET, amount: BALANCE });
}, 60_000);
afterAll(() => server?.close());

async function storedUpload(contentType: string, size: number): Promise<string> {
  const id = `mmsfile${process.pid}x${nextFile++}`;
  const now = server.deps.clock.now();
  await server.deps.database.db.insert(files).values({
    id,
    userId: user.id,
    name: `picture-${id}.png`,
    contentType,
    md5: '0'.repeat(32),
    size,
    status: 'stored',
    storageKey: id,
    createdAt: now,
    expiresAt: now,
    storedAt: now,
  });
  return id;
}

const template = (Images: string[], extra: Record<string, unknown> = {}) =>
  server.call<{ TemplateId: string; Fields?: { Field: string; Key: string }[] }>(
    'CreateUMMSTemplate',
    {
      TemplateName: 'Spring',
      Language: 'en',
      Subject: 'Spring sale',
      Text: 'New arrivals in store today',
      Images,
      ...extra,
    },
    user.token,
  );

describe('MMS price list', () => {
  it("lists every supported country at the MMS price, and downloads it as a CSV file in the caller's language", async () => {
    const list = await server.call<{ Prices: { CountryCode: string; Price: number }[] }>('GetUMMSPriceList');
    expect(list.Data.Prices.find((p) => p.CountryCode === 'US')?.Price).toBe(3 * smsPrice(supportedCountry('US')));
    expect(list.Data.Prices.some((p) => p.CountryCode === 'KP')).toBe(false);
    expect((await server.call('GetUMMSPriceList', { Download: true, CountryCode: 'US' })).RetCode).not.toBe(0);
    for (const [lang, header] of [
      ['en', 'Price per message'],
      ['zh', '每条彩信价格'],
    ]) {
      const response = await server.raw(JSON.stringify({ Action: 'GetUMMSPriceList', Download: true }), {
        authorization: `Bearer ${server.token}`,
        'accept-language': lang,
      });
      expect(response.headers.get('content-disposition')).toContain('attachment; filename="herald-mms-prices.csv"');
      const text = await response.text();
      expect(text).toContain(header);
      expect(text).toContain(`US,${lang === 'zh' ? '美国' : 'United States'}`);
    }
  });
});

describe('MMS templates', () => {
  it('refuses an image over 300 KB, naming the field, and stores nothing', async () => {
    const small = await storedUpload('image/png', 20_000);
    const large = await storedUpload('image/png', 300 * 1024 + 1);
    const refused = await template([small, large]);
    expect(refused).toMatchObject({
      RetCode: 230001,
      Data: { Fields: [{ Field: 'Images.1', Key: 'validation:mmsImageTooLarge' }] },
    });
    const other = await template([await storedUpload('image/webp', 1000)]);
    expect(other.Data.Fields).toEqual([{ Field: 'Images.0', Key: 'validation:mmsImageType' }]);
    const list = await server.call<{ Total: number }>('GetUMMSTemplateList', {}, user.token);
    expect(list.Data.Total).toBe(0);
  });

  it('refuses a template with neither text nor image, and a subject over 40 characters', async () => {
    const empty = await template([], { Text: '' });
    expect(empty.Data.Fields).toEqual([{ Field: 'Text', Key: 'validation:mmsBodyRequired' }]);
    const long = await template([], { Subject: 'x'.repeat(41) });
    expect(long.Data.Fields).toEqual([{ Field: 'Subject', Key: 'validation:mmsSubjectTooLong' }]);
  });
});

describe('MMS template update', () => {
  it('edits a passed template: it goes back to review, keeps its image, adds a new one and refuses a bad one', async () => {
    const kept = await storedUpload('image/png', 10_000);
    const created = await template([kept]);
    const TemplateId = created.Data.TemplateId;
    await waitFor(
      () => server.call<{ Status: number }>('GetUMMSTemplate', { TemplateId }, user.token),
      (r) => r.Data.Status === 2,
    );
    const edit = (Images: string[], token = user.token) =>
      server.call<{ Status: number }>(
        'UpdateUMMSTemplate',
        { TemplateId, TemplateName: 'Summer', Language: 'en', Subject: 'Summer sale', Text: 'Summer is here', Images },
        token,
      );
    const bad = await edit([kept, await storedUpload('image/png', 300 * 1024 + 1)]);
    expect(bad.Data).toMatchObject({ Fields: [{ Field: 'Images.1', Key: 'validation:mmsImageTooLarge' }] });
    const stranger = await createAccount(server);
    expect((await edit([kept], stranger.token)).RetCode).toBe(230004);

    const added = await storedUpload('image/gif', 5_000);
    const updated = await edit([added, kept]);
    expect(updated).toMatchObject({ RetCode: 0, Data: { Status: 0 } });
    const passed = await waitFor(
      () =>
        server.call<{ Status: number; Subject: string; Images: { FileId: string }[] }>(
          'GetUMMSTemplate',
          { TemplateId },
          user.token,
        ),
      (r) => r.Data.Status === 2,
    );
    expect(passed.Data.Subject).toBe('Summer sale');
    expect(passed.Data.Images.map((i) => i.FileId)).toEqual([added, kept]);
  });
});

describe('MMS sending', () => {
  it('sends an approved template with an image to three numbers at the MMS price, paid from the main wallet', async () => {
    const created = await template([await storedUpload('image/jpeg', 120_000)]);
    expect(created.RetCode).toBe(0);
    const passed = await waitFor(
      () =>
        server.call<{ Status: number; Images: { Size: number }[] }>(
          'GetUMMSTemplate',
          { TemplateId: created.Data.TemplateId },
          user.token,
        ),
      (r) => r.Data.Status === 2,
    );
    expect(passed.Data.Images).toEqual([expect.objectContaining({ Size: 120_000, ContentType: 'image/jpeg' })]);
    const price = (await server.call<{ Price: number }>('GetUMMSPrice', { CountryCode: 'US' }, user.token)).Data.Price;
    expect(price).toBe(3 * smsPrice(supportedCountry('US')));
    const sent = await server.call<{ TaskId: string; EstimatedCost: number; TotalCount: number }>(
      'AddUMMSSendTask',
      {
        TaskName: 'Spring MMS',
        TemplateId: created.Data.TemplateId,
        CountryCode: 'US',
        Phones: ['4155550300', '4155550301', '4155550302'],
      },
      user.token,
    );
    expect(sent).toMatchObject({ RetCode: 0, Data: { TotalCount: 3, EstimatedCost: 3 * price } });
    const done = await waitFor(
      () =>
        server.call<{ Tasks: { Status: number; SuccessCount: number; Cost: number }[] }>(
          'GetUMMSSendTask',
          { TaskId: sent.Data.TaskId },
          user.token,
        ),
      (r) => r.Data.Tasks[0]?.Status === 3,
    );
    expect(done.Data.Tasks[0]).toMatchObject({ SuccessCount: 3, Cost: 3 * price });
    const [main] = await server.deps.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, user.id), eq(wallets.productType, MAIN_WALLET)));
    expect(main.amount).toBe(BALANCE - 3 * price);
    const now = Math.floor(server.deps.clock.nowMs() / 1000);
    const records = await server.call<{ Total: number; Records: { Phone: string; Content: string; Result: string }[] }>(
      'GetUMMSSendRecord',
      { BeginTime: now - 3600, EndTime: now + 3600, TaskId: sent.Data.TaskId },
      user.token,
    );
    expect(records.Data.Total).toBe(3);
    expect(JSON.parse(records.Data.Records[0].Content)).toMatchObject({ Subject: 'Spring sale' });
    // Not an SMS: the SMS list and records do not show it.
    const smsTasks = await server.call<{ Total: number }>('GetUSMSSendTask', {}, user.token);
    expect(smsTasks.Data.Total).toBe(0);

    // Its records export as MMS (subject and text columns), listed with the MMS exports only.
    const exp = await server.call<{ ExportId: string }>(
      'AddUMMSExportSendRecordTask',
      { BeginTime: now - 3600, EndTime: now + 3600, TaskId: sent.Data.TaskId },
      user.token,
    );
    expect(exp.RetCode).toBe(0);
    await waitFor(
      () => server.call<{ Exports: { ExportId: string; Status: number }[] }>('GetUMMSExportSendRecord', {}, user.token),
      (r) => r.Data.Exports.some((e) => e.ExportId === exp.Data.ExportId && e.Status === 3),
    );
    const response = await server.raw(
      JSON.stringify({ Action: 'GetUMMSExportSendRecordFile', ExportId: exp.Data.ExportId }),
      { authorization: `Bearer ${user.token}` },
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="mms-records-/);
    const csv = await response.text();
    expect(csv).toContain('Subject,Text,Result');
    expect(csv).toContain(',Spring sale,');
    const smsExports = await server.call<{ Total: number }>('GetUSMSExportSendRecord', {}, user.token);
    expect(smsExports.Data.Total).toBe(0);
  });
});

describe('bad input', () => {
  fcTest.prop(
    [
      fc.constantFrom(...Object.keys(mmsActions)),
      fc.dictionary(
        fc.constantFrom('TemplateId', 'TaskId', 'Subject', 'Text', 'Images', 'Phones', 'BeginTime', 'CountryCode'),
        fc.anything(),
      ),
    ],
    { numRuns: 80 },
  )('never answers a malformed MMS input with a 5xx', async (action, input) => {
    const response = await server.raw(JSON.stringify({ ...input, Action: action }), {
      authorization: `Bearer ${user.token}`,
    });
    expect(response.status).toBeLessThan(500);
  });
});

describe('MMS to the audience', () => {
  it('sends to a segment: each contact gets the text with its own name, one suppressed on MMS is skipped', async () => {
    const created = await template([await storedUpload('image/png', 50_000)], {
      Text: 'Hello {{1}}, new arrivals today',
    });
    expect(created.RetCode).toBe(0);
    await waitFor(
      () => server.call<{ Status: number }>('GetUMMSTemplate', { TemplateId: created.Data.TemplateId }, user.token),
      (r) => r.Data.Status === 2,
    );
    const people = [
      { Phone: '+1 415 555 0701', FirstName: 'Ada', Tags: ['mms-seg'] },
      { Phone: '+1 415 555 0702', FirstName: '', Tags: ['mms-seg'] },
      { Phone: '+1 415 555 0703', FirstName: 'Cy', Tags: ['mms-seg'], Suppressed: ['mms'] },
    ];
    for (const person of people) expect((await server.call('CreateContact', person, user.token)).RetCode).toBe(0);
    const segment = await server.call<{ SegmentId: number }>(
      'CreateSegment',
      {
        Name: 'MMS buyers',
        Rules: {
          Match: 'all',
          Groups: [{ Match: 'all', Conditions: [{ Source: 1, Field: 'tags', Operator: 'hasTag', Value: 'mms-seg' }] }],
        },
      },
      user.token,
    );
    const sent = await server.call<{ TaskId: string; TotalCount: number }>(
      'AddUMMSSendTask',
      {
        TaskName: 'Segment MMS',
        TemplateId: created.Data.TemplateId,
        CountryCode: 'US',
        SegmentId: segment.Data.SegmentId,
        VariableMapping: [{ Variable: 1, Attribute: 'firstName', DefaultValue: 'friend' }],
      },
      user.token,
    );
    expect(sent).toMatchObject({ RetCode: 0, Data: { TotalCount: 2 } });
    const done = await waitFor(
      () =>
        server.call<{ Tasks: { Status: number; SuppressedCount: number }[] }>(
          'GetUMMSSendTask',
          { TaskId: sent.Data.TaskId },
          user.token,
        ),
      (r) => r.Data.Tasks[0]?.Status === 3,
    );
    expect(done.Data.Tasks[0].SuppressedCount).toBe(1);
    const now = Math.floor(server.deps.clock.nowMs() / 1000);
    const records = await server.call<{ Records: { Phone: string; Content: string }[] }>(
      'GetUMMSSendRecord',
      { BeginTime: now - 3600, EndTime: now + 3600, TaskId: sent.Data.TaskId },
      user.token,
    );
    const texts = records.Data.Records.map((r) => `${r.Phone}: ${(JSON.parse(r.Content) as { Text: string }).Text}`);
    expect(texts.sort()).toEqual([
      '+14155550701: Hello Ada, new arrivals today',
      '+14155550702: Hello friend, new arrivals today',
    ]);
  });
});
