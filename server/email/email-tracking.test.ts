import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signInDemo, typedApi, type TestServer } from '../testing/harness';
import { channelRecipients, channelTasks } from '../db/schema';
import { EMAIL_TASK_STATUS } from '../../src/gateway/contract/statuses';
import { trackableHtml } from './track-links';
import { signTrackToken, trackSecret } from './track-token';
import { EMAIL_DOMAIN_STATUS } from '../../src/gateway/contract/statuses';
import type { StoredDnsCheck } from '../db/schema';
import { recordUnsubscribe, TRACK_CLICK_PATH, TRACK_OPEN_PATH, trackingOrigin } from './tracking';

// Open and click tracking (issue 13 item 6): signed tokens (a forged one, another index, another
// account's or another kind's is a 404 and counts nothing), counts once per recipient and kind, and the
// task's trace statistics.

let server: TestServer;
let api: ReturnType<typeof typedApi>['api'];
let reply: ReturnType<typeof typedApi>['reply'];
let userId: number;
let secret: Buffer;
const run = `${process.pid}-${Date.now() % 100000}`;

async function insertTask(owner: number, links: string[], delivered: number) {
  const now = new Date();
  const content = { subject: 'Hi', previewText: '', html: '', text: '', emailType: 3, variables: [], links };
  const [task] = await server.deps.database.db
    .insert(channelTasks)
    .values({
      taskId: `TKtrack${process.pid}${Math.floor(Math.random() * 1e9)}`,
      channel: 'email',
      sessionNo: '1',
      userId: owner,
      name: 'track',
      templateId: 'ET1',
      templateName: 'track',
      content: JSON.stringify(content),
      variableCount: 0,
      countryCode: '',
      phonePrefix: '',
      sendType: 'immediate',
      sendAt: now,
      timeZone: 'UTC',
      status: EMAIL_TASK_STATUS.Completed,
      totalCount: 2,
      successCount: delivered,
      segments: 1,
      totalSegments: 2,
      price: 10,
      estimatedCost: 20,
      groupSize: 100,
      groupCount: 1,
      createdAt: now,
    })
    .returning();
  await server.deps.database.db.insert(channelRecipients).values(
    ['a', 'b'].map((local, seq) => ({
      taskId: task.id,
      seq,
      address: `${local}-${run}@inbox.example.org`,
      segments: 1,
    })),
  );
  return task;
}

const get = (path: string) => server.app.request(path);

beforeAll(async () => {
  server = await createTestServer();
  const { AccessToken } = await signInDemo(server);
  ({ api, reply } = typedApi(server, { token: AccessToken }));
  userId = (await api('GetUserInfo', {})).AdminUserId;
  secret = await trackSecret(server.deps.database.db);
}, 400_000);

afterAll(async () => server?.close());

describe('trackable HTML', () => {
  it('turns literal http(s) links into tags, keeps merge-tag links and adds the pixel', () => {
    const { html, links } = trackableHtml(
      '<!doctype html><html><body><a href="https://shop.example/a">A</a><a href="https://shop.example/a">again</a>' +
        '<a href="http://x.example/{{Email}}">tagged</a><a href="{{UnsubscribeUrl}}">U</a><a href="mailto:a@b.c">m</a></body></html>',
    );
    expect(links).toEqual(['https://shop.example/a']);
    expect(html.match(/\{\{__heraldLink0\}\}/g)).toHaveLength(2);
    expect(html).toContain('href="http://x.example/{{Email}}"');
    expect(html).toContain('href="{{UnsubscribeUrl}}"');
    expect(html).toContain('src="{{__heraldOpen}}"');
  });
});

describe('tracking gateway', () => {
  it('counts opens and clicks once per recipient, redirects only to the task link', async () => {
    const task = await insertTask(userId, ['https://shop.example/spring', 'https://shop.example/faq'], 2);
    const open = (seq: number) => signTrackToken(secret, 'o', userId, { taskId: task.id, seq, index: 0 });
    const click = (seq: number, index: number) => signTrackToken(secret, 'c', userId, { taskId: task.id, seq, index });

    const pixel = await get(`${TRACK_OPEN_PATH}/${open(0)}.gif`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    await get(`${TRACK_OPEN_PATH}/${open(0)}.gif`);
    await get(`${TRACK_OPEN_PATH}/${open(1)}.gif`);
    const redirect = await get(`${TRACK_CLICK_PATH}/${click(0, 1)}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://shop.example/faq');
    await get(`${TRACK_CLICK_PATH}/${click(0, 0)}`);

    // twice (the page visited again): one unsubscribe
    for (let visit = 0; visit < 2; visit++)
      await recordUnsubscribe(server.deps.database.db, {
        userId,
        taskId: task.id,
        address: `B-${run}@inbox.example.org`,
        at: new Date(),
      });
    expect(await api('GetEmailTraceStatistic', { TaskId: task.taskId })).toEqual({
      TaskId: task.taskId,
      Delivered: 2,
      Opens: 3,
      UniqueOpens: 2,
      Clicks: 2,
      UniqueClicks: 1,
      Unsubscribes: 1,
      ReadingConversion: 100,
    });
  });

  it('counts every one of many opens at once (one batch: one row per recipient, the count summed)', async () => {
    const task = await insertTask(userId, ['https://shop.example/burst'], 2);
    const open = (seq: number) => signTrackToken(secret, 'o', userId, { taskId: task.id, seq, index: 0 });
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () => get(`${TRACK_OPEN_PATH}/${open(0)}.gif`)),
      ...Array.from({ length: 5 }, () => get(`${TRACK_OPEN_PATH}/${open(1)}.gif`)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    const stats = await api('GetEmailTraceStatistic', { TaskId: task.taskId });
    expect([stats.Opens, stats.UniqueOpens]).toEqual([30, 2]);
  });

  it('answers 404 to forged, edited, other-kind and other-account tokens and counts nothing', async () => {
    const task = await insertTask(userId, ['https://shop.example/only'], 2);
    const good = signTrackToken(secret, 'c', userId, { taskId: task.id, seq: 0, index: 0 });
    const bad = [
      `${TRACK_CLICK_PATH}/${good.slice(0, -2)}AA`,
      `${TRACK_CLICK_PATH}/${signTrackToken(secret, 'c', userId, { taskId: task.id, seq: 0, index: 1 })}`,
      `${TRACK_CLICK_PATH}/${good.replace(/^(\d+)\.0\.0\./, '$1.0.1.')}`,
      `${TRACK_CLICK_PATH}/${good.replace(/^(\d+)\.0\./, '$1.1.')}`,
      `${TRACK_CLICK_PATH}/${signTrackToken(secret, 'c', userId + 1, { taskId: task.id, seq: 0, index: 0 })}`,
      `${TRACK_CLICK_PATH}/${signTrackToken(Buffer.from('guess'), 'c', userId, { taskId: task.id, seq: 0, index: 0 })}`,
      `${TRACK_OPEN_PATH}/${good}.gif`,
      `${TRACK_CLICK_PATH}/${signTrackToken(secret, 'c', userId, { taskId: task.id, seq: 7, index: 0 })}`,
      `${TRACK_CLICK_PATH}/not-a-token`,
      `${TRACK_OPEN_PATH}/${signTrackToken(secret, 'o', userId, { taskId: task.id, seq: 0, index: 0 })}`,
    ];
    for (const path of bad) expect((await get(path)).status, path).toBe(404);
    const stats = await api('GetEmailTraceStatistic', { TaskId: task.taskId });
    expect([stats.Opens, stats.Clicks, stats.ReadingConversion]).toEqual([0, 0, 0]);
  });

  it("does not show another account's task", async () => {
    const other = await insertTask(userId + 100_000, ['https://shop.example/x'], 1);
    const answer = await reply('GetEmailTraceStatistic', { TaskId: other.taskId });
    expect(answer.RetCode).not.toBe(0);
    const token = signTrackToken(secret, 'c', userId, { taskId: other.id, seq: 0, index: 0 });
    expect((await get(`${TRACK_CLICK_PATH}/${token}`)).status).toBe(404);
  });

  it('answers the tracking paths on a domain tracking host (Host: <prefix>.<domain>) and records the hit', async () => {
    const task = await insertTask(userId, ['https://shop.example/host'], 1);
    const host = 'trk.shop-host.example.com';
    const open = signTrackToken(secret, 'o', userId, { taskId: task.id, seq: 1, index: 0 });
    const click = signTrackToken(secret, 'c', userId, { taskId: task.id, seq: 1, index: 0 });
    const pixel = await server.app.request(`https://${host}${TRACK_OPEN_PATH}/${open}.gif`, {
      headers: { Host: host },
    });
    expect(pixel.status).toBe(200);
    const redirect = await server.app.request(`https://${host}${TRACK_CLICK_PATH}/${click}`, {
      headers: { Host: host },
    });
    expect(redirect.headers.get('location')).toBe('https://shop.example/host');
    const stats = await api('GetEmailTraceStatistic', { TaskId: task.taskId });
    expect([stats.UniqueOpens, stats.UniqueClicks]).toEqual([1, 1]);
  });

  it('refuses unknown fields', async () => {
    const answer = await reply('GetEmailTraceStatistic', { TaskId: 'TK123456', Extra: 1 } as never);
    expect(answer.RetCode).not.toBe(0);
  });
});

describe('per-domain tracking host', () => {
  const check = (status: number): StoredDnsCheck => ({ kind: 'TRACKING', status, reason: '', found: [] });
  const domain = (status: number, checks: StoredDnsCheck[]) => ({
    domain: 'shop.example.com',
    trackingPrefix: 'trk',
    status,
    checks,
  });
  const publicUrl = 'http://herald.example:8080/';
  const { Passed, Failed, Unverified } = EMAIL_DOMAIN_STATUS;

  it('uses https://<prefix>.<domain> only for a passed domain whose tracking CNAME was found', () => {
    expect(trackingOrigin(domain(Passed, [check(Passed)]), publicUrl)).toBe('https://trk.shop.example.com');
    expect(trackingOrigin(domain(Passed, [check(Failed)]), publicUrl)).toBe('http://herald.example:8080');
    expect(trackingOrigin(domain(Passed, []), publicUrl)).toBe('http://herald.example:8080');
    expect(trackingOrigin(domain(Unverified, [check(Passed)]), publicUrl)).toBe('http://herald.example:8080');
    expect(trackingOrigin(domain(Failed, [check(Passed)]), publicUrl)).toBe('http://herald.example:8080');
    expect(trackingOrigin(undefined, publicUrl)).toBe('http://herald.example:8080');
  });
});
