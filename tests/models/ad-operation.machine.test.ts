import { describe, expect, it } from 'vitest';
import { adOperationLifecycle, adOperationMachine } from '../../src/machines/lifecycles/ad-operation.machine';
import { AD_OPERATION_STATUS as S } from '../../src/gateway/contract/ad-operations';
import { testModel } from './harness';

testModel('ad-operation.machine', { machine: adOperationMachine });

describe('ad operation lifecycle rules', () => {
  it('waits for the platform, then succeeds or fails once', () => {
    expect(adOperationLifecycle.next(S.Pending, 'platform.accept')?.status).toBe(S.Success);
    expect(adOperationLifecycle.next(S.Pending, 'platform.refuse')?.status).toBe(S.Failed);
    expect(adOperationLifecycle.can(S.Success, 'platform.refuse')).toBe(false);
    expect(adOperationLifecycle.can(S.Failed, 'platform.accept')).toBe(false);
  });
});
