import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// Reads of the e-mail sending domains and senders (/email/setting). Mutations invalidate through emailDomainKeys.

export const emailDomainKeys = {
  all: ['email-domains'] as const,
  domains: () => [...emailDomainKeys.all, 'domains'] as const,
  senders: () => [...emailDomainKeys.all, 'senders'] as const,
};

export const emailDomainListQuery = () =>
  queryOptions({ queryKey: [...emailDomainKeys.domains(), 'list'], queryFn: () => call('GetUEmailDomainList', {}) });

export const emailSenderListQuery = () =>
  queryOptions({ queryKey: [...emailDomainKeys.senders(), 'list'], queryFn: () => call('GetUEmailSenderList', {}) });
