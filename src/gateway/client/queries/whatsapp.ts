import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// Reads of WhatsApp: the connected business account and its numbers.

export const whatsappKeys = {
  all: ['whatsapp'] as const,
  numbers: () => [...whatsappKeys.all, 'numbers'] as const,
};

export const whatsappNumbersQuery = () =>
  queryOptions({ queryKey: whatsappKeys.numbers(), queryFn: () => call('ListWhatsAppNumber', {}) });
