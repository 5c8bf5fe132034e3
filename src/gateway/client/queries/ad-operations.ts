import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { AD_OPERATION_STATUS } from '../../contract/ad-operations';
import { advertisingKeys } from './advertising';

// Reads of ad operations, authorisations and the data report (under the advertising keys, so any ad
// write refreshes them).

export const adOperationKeys = {
  operations: () => [...advertisingKeys.all, 'operations'] as const,
  authorizations: () => [...advertisingKeys.all, 'authorizations'] as const,
  report: () => [...advertisingKeys.all, 'report'] as const,
};

export const adOperationsQuery = (input: ActionInput<'ListAdOperation'>) =>
  queryOptions({
    queryKey: [...adOperationKeys.operations(), input],
    queryFn: () => call('ListAdOperation', input),
    placeholderData: keepPreviousData,
    // an operation waiting for the platform keeps the list asking until it is answered
    refetchInterval: (query) =>
      query.state.data?.Operations.some((operation) => operation.Status === AD_OPERATION_STATUS.Pending)
        ? 2_000
        : false,
  });

export const adAuthorizationsQuery = (input: ActionInput<'ListAdAuthorization'>) =>
  queryOptions({
    queryKey: [...adOperationKeys.authorizations(), input],
    queryFn: () => call('ListAdAuthorization', input),
    placeholderData: keepPreviousData,
  });

export const adDataReportQuery = (input: ActionInput<'GetAdDataReport'>) =>
  queryOptions({
    queryKey: [...adOperationKeys.report(), input],
    queryFn: () => call('GetAdDataReport', input),
    placeholderData: keepPreviousData,
  });
