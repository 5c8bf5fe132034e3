import { describe, expect, it } from 'vitest';
import { adAccountLifecycle, adAccountMachine } from '../../src/machines/lifecycles/ad-account.machine';
import { AD_ACCOUNT_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('ad-account.machine', { machine: adAccountMachine });

describe('ad account lifecycle rules', () => {
  it('is opened Empty by the review and becomes Normal when money arrives', () => {
    expect(adAccountLifecycle.next(S.PendingReview, 'review.approve')?.status).toBe(S.Empty);
    expect(adAccountLifecycle.next(S.Empty, 'recharge.arrive')?.status).toBe(S.Normal);
    expect(adAccountLifecycle.next(S.Normal, 'balance.spendOut')?.status).toBe(S.Empty);
  });

  it('takes recharges only while the account can still spend', () => {
    expect(adAccountLifecycle.statusesAllowing('recharge.request').sort()).toEqual(
      [S.Normal, S.Empty, S.Outstanding, S.GracePeriod].sort(),
    );
    expect(adAccountLifecycle.can(S.PendingReview, 'recharge.request')).toBe(false);
    expect(adAccountLifecycle.can(S.Closed, 'recharge.request')).toBe(false);
  });

  it('closes through Pending Closure and Account Closure', () => {
    expect(adAccountLifecycle.next(S.Normal, 'closure.request')?.status).toBe(S.PendingClosure);
    expect(adAccountLifecycle.next(S.PendingClosure, 'closure.confirm')?.status).toBe(S.AccountClosure);
    expect(adAccountLifecycle.next(S.AccountClosure, 'closure.finish')?.status).toBe(S.Closed);
    expect(adAccountLifecycle.next(S.PendingReview, 'review.reject')?.status).toBe(S.Closed);
  });
});
