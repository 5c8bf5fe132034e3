import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { emailDomainKeys } from '../queries/email-domains';

// Writes of the e-mail sending domains and senders: one factory per Action, each owning what it invalidates.

const refreshAll = (client: QueryClient) => client.invalidateQueries({ queryKey: emailDomainKeys.all });

/** `silent`: the add-domain dialog shows a refusal (a mailbox provider's domain…) under its field. */
export const addEmailDomainMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'AddUEmailDomain'],
    mutationFn: (input: ActionInput<'AddUEmailDomain'>) => call('AddUEmailDomain', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.domains() }),
  });

/** `silent`: the verification machine shows the failure on the domain card. */
export const verifyEmailDomainMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'VerifyUEmailDomain'],
    mutationFn: (domainId: string) => call('VerifyUEmailDomain', { DomainId: domainId }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.domains() }),
  });

export const updateEmailDomainMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'UpdateUEmailDomain'],
    mutationFn: (input: ActionInput<'UpdateUEmailDomain'>) => call('UpdateUEmailDomain', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.domains() }),
  });

export const deleteEmailDomainMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'DeleteUEmailDomain'],
    mutationFn: (domainId: string) => call('DeleteUEmailDomain', { DomainId: domainId }),
    onSuccess: () => refreshAll(client),
  });

export const addEmailSenderMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'AddUEmailSender'],
    mutationFn: (input: ActionInput<'AddUEmailSender'>) => call('AddUEmailSender', input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.senders() }),
  });

export const updateEmailSenderStatusMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'UpdateUEmailSenderStatus'],
    mutationFn: (input: ActionInput<'UpdateUEmailSenderStatus'>) => call('UpdateUEmailSenderStatus', input),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.senders() }),
  });

export const deleteEmailSenderMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['email-domains', 'DeleteUEmailSender'],
    mutationFn: (senderId: string) => call('DeleteUEmailSender', { SenderId: senderId }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailDomainKeys.senders() }),
  });
