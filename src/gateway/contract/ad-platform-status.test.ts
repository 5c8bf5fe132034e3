import { describe, expect, it } from 'vitest';
import { adPlatformAccountStatus } from './ad-platform-status';
import { AD_ACCOUNT_STATUS as S } from './statuses';

describe('adPlatformAccountStatus (spec 001 §4 per-platform statuses)', () => {
  it.each([
    [3, S.Normal, 1],
    [3, S.Empty, 1],
    [3, S.PendingClosure, 2],
    [3, S.TemporarilyUnavailable, 3],
    [3, S.Closed, 4],
    [5, S.GracePeriod, 1],
    [5, S.TemporarilyUnavailable, 2],
    [8, S.Outstanding, 1],
    [8, S.Closed, 2],
    [1, S.Normal, null],
    [2, S.Closed, null],
  ])('platform %i, account status %i → %s', (platformId, status, expected) => {
    expect(adPlatformAccountStatus(platformId, status)).toBe(expected);
  });
});
