import { describe, expect, it } from 'vitest';
import { SUPPORT_PASSWORD } from './seed-support';
import { seedOptionsFromEnv } from './seed';

describe('what a start seeds', () => {
  it('gives the embedded default the demo account and nothing else', () => {
    expect(seedOptionsFromEnv({}, { embedded: true })).toEqual({ demo: true, supportStaff: null, planFixtures: false });
  });

  it('never seeds the demo on a DATABASE_URL database unless HERALD_SEED_DEMO=1 asks', () => {
    expect(seedOptionsFromEnv({}, { embedded: false }).demo).toBe(false);
    expect(seedOptionsFromEnv({ HERALD_SEED_DEMO: '1' }, { embedded: false }).demo).toBe(true);
  });

  it('seeds the staff account only when asked, with the documented password only on loopback', () => {
    expect(
      seedOptionsFromEnv({ HERALD_SEED_SUPPORT: '1', HOST: '127.0.0.1' }, { embedded: true }).supportStaff,
    ).toEqual({ password: SUPPORT_PASSWORD });
    expect(() => seedOptionsFromEnv({ HERALD_SEED_SUPPORT: '1' }, { embedded: true })).toThrow(
      /HERALD_SUPPORT_PASSWORD/,
    );
    expect(
      seedOptionsFromEnv({ HERALD_SEED_SUPPORT: '1', HERALD_SUPPORT_PASSWORD: 'a-chosen-one-9' }, { embedded: false })
        .supportStaff,
    ).toEqual({ password: 'a-chosen-one-9' });
  });

  it('seeds e2e fixtures (documented passwords) only on a loopback server', () => {
    expect(() => seedOptionsFromEnv({ HERALD_E2E_FIXTURES: '1', HOST: '0.0.0.0' }, { embedded: true })).toThrow(/HOST/);
    expect(seedOptionsFromEnv({ HERALD_E2E_FIXTURES: '1', HOST: '127.0.0.1' }, { embedded: true })).toEqual({
      demo: true,
      supportStaff: { password: SUPPORT_PASSWORD },
      planFixtures: true,
    });
  });
});
