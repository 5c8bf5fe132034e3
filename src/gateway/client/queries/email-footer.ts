import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// The e-mail footer (logo and name/address line) of /email/setting.

export const emailFooterKeys = { all: ['emailFooter'] as const };

export const emailFooterQuery = () =>
  queryOptions({ queryKey: emailFooterKeys.all, queryFn: () => call('GetEmailFooter', {}) });
