import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { whatsappKeys } from '../queries/whatsapp';

// Writes of WhatsApp numbers: the embedded sign-up (its machine runs the first two), refresh, disconnect.

export const whatsappSignUpUrlMutation = () =>
  mutationOptions({
    mutationKey: ['whatsapp', 'GetWhatsAppSignUpUrl'],
    mutationFn: () => call('GetWhatsAppSignUpUrl', {}),
  });

export const connectWhatsAppMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['whatsapp', 'ConnectWhatsAppAccount'],
    mutationFn: (input: { Code: string; State: string }) => call('ConnectWhatsAppAccount', input),
    onSuccess: (data) => client.setQueryData(whatsappKeys.numbers(), data),
  });

export const refreshWhatsAppNumbersMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['whatsapp', 'RefreshWhatsAppNumber'],
    mutationFn: () => call('RefreshWhatsAppNumber', {}),
    onSuccess: (data) => client.setQueryData(whatsappKeys.numbers(), data),
  });

export const disconnectWhatsAppMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['whatsapp', 'DisconnectWhatsAppAccount'],
    mutationFn: () => call('DisconnectWhatsAppAccount', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: whatsappKeys.all }),
  });
