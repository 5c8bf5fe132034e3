import { setup } from 'xstate';
import { EMAIL_DOMAIN_FAILED_SUB, EMAIL_DOMAIN_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The sending domain's verify lifecycle (spec 001 §4: unverified, passed, failed; "a domain once
// verified and now failed cannot be edited"). A failed domain remembers, as its secondary code, whether
// it had passed before: only one that never passed may be edited. Deleting is allowed from every status.

export const EMAIL_DOMAIN_STATE_STATUS = {
  unverified: EMAIL_DOMAIN_STATUS.Unverified,
  passed: EMAIL_DOMAIN_STATUS.Passed,
  failed: EMAIL_DOMAIN_STATUS.Failed,
  deleted: EMAIL_DOMAIN_STATUS.Deleted,
} as const;

export type EmailDomainEvent =
  { type: 'verify.pass' } | { type: 'verify.fail' } | { type: 'domain.edit' } | { type: 'domain.delete' };

export const emailDomainMachine = setup({
  types: { events: {} as EmailDomainEvent },
}).createMachine({
  id: 'emailDomain',
  initial: 'unverified',
  states: {
    unverified: {
      on: {
        'verify.pass': 'passed',
        'verify.fail': 'failed.neverVerified',
        'domain.edit': 'unverified',
        'domain.delete': 'deleted',
      },
    },
    passed: {
      on: {
        'verify.pass': 'passed',
        'verify.fail': 'failed.verifiedBefore',
        'domain.edit': 'passed',
        'domain.delete': 'deleted',
      },
    },
    failed: {
      initial: 'neverVerified',
      on: { 'verify.pass': 'passed', 'domain.delete': 'deleted' },
      states: {
        neverVerified: { on: { 'verify.fail': 'neverVerified', 'domain.edit': '#emailDomain.unverified' } },
        verifiedBefore: { on: { 'verify.fail': 'verifiedBefore' } },
      },
    },
    deleted: { type: 'final' },
  },
});

export const emailDomainLifecycle = defineLifecycle(emailDomainMachine, EMAIL_DOMAIN_STATE_STATUS, {
  subStatuses: {
    'failed.neverVerified': EMAIL_DOMAIN_FAILED_SUB.NeverVerified,
    'failed.verifiedBefore': EMAIL_DOMAIN_FAILED_SUB.VerifiedBefore,
  },
});

/** Senders can be added and mail sent only on a passed domain. */
export const emailDomainUsable = (status: number) => status === EMAIL_DOMAIN_STATUS.Passed;
