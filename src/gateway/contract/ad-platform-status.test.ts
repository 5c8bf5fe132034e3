import { describe, expect, it } from 'vitest';
import { adPlatformServes } from './ad-platform-status';

describe('per-platform account statuses (spec 001 §4)', () => {
  it.each([
    [null, true],
    [1, true],
    [2, false],
    [3, false],
    [4, false],
  ])('platform status %s: served %s', (status, served) => {
    expect(adPlatformServes(status)).toBe(served);
  });
});
