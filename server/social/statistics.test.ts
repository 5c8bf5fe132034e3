import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { registerSocialWorkers } from '../jobs/social';
import type { MemoryJobQueue } from '../queue/memory';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_PLATFORM } from '../../src/gateway/contract/social/platforms';
import { socialPlatforms } from '../platforms';
import { pullSocialStatistics } from './statistics';
import { sandboxInsights, sandboxPostMetrics } from '../platforms/social/sandbox-metrics';
import { nativePostMetrics, readPostMetrics } from '../platforms/social/metric-shapes';
import { POST_METRICS } from '../../src/gateway/contract/social/statistics';
import { connectSandboxProfile, socialTenant } from './profiles-testkit';

// Post statistics against the gateway's sandbox platforms over real HTTP: the pull stores what the
// platforms answer, the figures grow with the post's age, and one account never reads another's.

let server: TestServer;

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
  await registerSocialWorkers(server.deps);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const tenant = (modules = ['SocialMedia', 'Analysis']) => socialTenant(server, { modules });

const pull = () =>
  pullSocialStatistics({
    db: server.deps.database.db,
    now: server.deps.clock.now(),
    platforms: socialPlatforms(server.deps.config),
  });

describe('the sandbox platforms’ statistics rules', () => {
  it('answer each platform in its own shape, which the adapter reads back into spec 001’s names', () => {
    for (const platform of Object.keys(POST_METRICS).map(Number)) {
      const metrics = sandboxPostMetrics(platform, '4123', 600);
      expect(Object.keys(metrics).sort()).toEqual([...POST_METRICS[platform as 1]].sort());
      expect(readPostMetrics(platform, nativePostMetrics(platform, '4123', metrics))).toEqual(metrics);
    }
    expect(sandboxPostMetrics(SOCIAL_PLATFORM.LinkedIn, '1', 600)).toEqual({});
  });

  it('grow with the post’s age and are the same for the same post and age', () => {
    const young = sandboxPostMetrics(SOCIAL_PLATFORM.Twitter, '4999', 10);
    const old = sandboxPostMetrics(SOCIAL_PLATFORM.Twitter, '4999', 10_000);
    expect(sandboxPostMetrics(SOCIAL_PLATFORM.Twitter, '4999', 10)).toEqual(young);
    for (const name of POST_METRICS[SOCIAL_PLATFORM.Twitter]) expect(old[name]!).toBeGreaterThanOrEqual(young[name]!);
    expect(old.ImpressionCount!).toBeGreaterThan(young.ImpressionCount!);
  });

  it('count followers up day by day', () => {
    const days = sandboxInsights(1, '100000000001', '2026-03-01', '2026-03-07');
    expect(days).toHaveLength(7);
    for (let i = 1; i < days.length; i++) expect(days[i].followers - days[i - 1].followers).toBe(days[i].new_followers);
  });
});

describe('pulling and reading post statistics', () => {
  it('stores profile days and post snapshots; a post’s figures grow between pulls; another account sees nothing', async () => {
    const owner = await tenant();
    const twitter = await connectSandboxProfile(owner, SOCIAL_PLATFORM.Twitter, 'Stats on X');
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'Counting',
      Mode: 'publish',
    });
    expect(saved.RetCode).toBe(0);
    await (server.deps.jobs as MemoryJobQueue).idle();

    server.deps.clock.advance(5 * 60_000);
    await pull();
    server.deps.clock.advance(10 * 60_000);
    await pull();

    const stats = await owner.call<{
      Profiles: { ProfileId: string; Days: { Follows: number }[] }[];
      Posts: { PostId: string; Metrics: Record<string, number> }[];
    }>('ListSocialMediaStatistics', { Days: 7 });
    expect(stats.RetCode).toBe(0);
    expect(stats.Data.Profiles[0].ProfileId).toBe(twitter);
    const month = await owner.call<{ Profiles: { Days: { Day: string; Follows: number; DailyFollows: number }[] }[] }>(
      'ListSocialMediaStatistics',
      { Days: 30 },
    );
    const days = month.Data.Profiles[0].Days;
    expect(days).toHaveLength(30);
    for (let i = 1; i < days.length; i++) expect(days[i].Follows - days[i - 1].Follows).toBe(days[i].DailyFollows);
    expect(stats.Data.Posts).toHaveLength(1);
    expect(Object.keys(stats.Data.Posts[0].Metrics).sort()).toEqual([...POST_METRICS[SOCIAL_PLATFORM.Twitter]].sort());

    const performance = await owner.call<{ Targets: { Points: { Metrics: Record<string, number> }[] }[] }>(
      'GetSocialPostPerformance',
      { PostId: saved.Data.PostId, PlatformType: SOCIAL_PLATFORM.Twitter },
    );
    expect(performance.RetCode).toBe(0);
    const points = performance.Data.Targets[0].Points;
    expect(points).toHaveLength(2);
    expect(points[1].Metrics.ImpressionCount).toBeGreaterThan(points[0].Metrics.ImpressionCount);

    const stranger = await tenant();
    const theirs = await stranger.call<{ Profiles: unknown[]; Posts: unknown[] }>('ListSocialMediaStatistics', {
      Days: 30,
    });
    expect(theirs.Data).toEqual({ Profiles: [], Posts: [] });
    expect((await stranger.call('ListSocialMediaStatistics', { Days: 7, ProfileId: twitter })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (await stranger.call('GetSocialPostPerformance', { PostId: saved.Data.PostId, PlatformType: 4 })).RetCode,
    ).toBe(RetCode.NotFound);
  });

  it('needs the Analysis module and refuses bad input at the field', async () => {
    const noAnalysis = await tenant(['SocialMedia']);
    expect((await noAnalysis.call('ListSocialMediaStatistics', { Days: 7 })).RetCode).toBe(RetCode.ModuleNotInPlan);
    const owner = await tenant();
    const bad = await owner.call<{ Fields: { Field: string }[] }>('ListSocialMediaStatistics', { Days: 9 });
    expect(bad.RetCode).toBe(RetCode.ValidationError);
    expect(bad.Data.Fields[0].Field).toBe('Days');
  });
});
