import { describe, expect, it } from 'vitest';
import {
  emailDomainLifecycle,
  emailDomainMachine,
  emailDomainUsable,
} from '../../src/machines/lifecycles/email-domain.machine';
import { EMAIL_DOMAIN_FAILED_SUB, EMAIL_DOMAIN_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('email-domain.machine', { machine: emailDomainMachine });

describe('e-mail domain lifecycle rules', () => {
  const { Unverified, Passed, Failed, Deleted } = EMAIL_DOMAIN_STATUS;
  const { NeverVerified, VerifiedBefore } = EMAIL_DOMAIN_FAILED_SUB;

  it('fails a never-verified domain as editable, and one that passed before as not editable', () => {
    expect(emailDomainLifecycle.next(Unverified, 'verify.fail')).toEqual({ status: Failed, sub: NeverVerified });
    expect(emailDomainLifecycle.next(Passed, 'verify.fail')).toEqual({ status: Failed, sub: VerifiedBefore });
    expect(emailDomainLifecycle.can(Failed, 'domain.edit', NeverVerified)).toBe(true);
    expect(emailDomainLifecycle.can(Failed, 'domain.edit', VerifiedBefore)).toBe(false);
    expect(emailDomainLifecycle.next(Failed, 'verify.fail', VerifiedBefore)).toEqual({
      status: Failed,
      sub: VerifiedBefore,
    });
  });

  it('edits send a never-verified failed domain back to unverified and keep a passed one passed', () => {
    expect(emailDomainLifecycle.next(Failed, 'domain.edit', NeverVerified)?.status).toBe(Unverified);
    expect(emailDomainLifecycle.next(Passed, 'domain.edit')?.status).toBe(Passed);
  });

  it('passes from any live status, deletes from any, and nothing after deletion', () => {
    for (const status of [Unverified, Passed, Failed]) {
      expect(emailDomainLifecycle.next(status, 'verify.pass')?.status).toBe(Passed);
      expect(emailDomainLifecycle.next(status, 'domain.delete')?.status).toBe(Deleted);
    }
    expect(emailDomainLifecycle.next(Deleted, 'verify.pass')).toBeNull();
    expect([0, 1, 2, 3].filter(emailDomainUsable)).toEqual([Passed]);
  });
});
