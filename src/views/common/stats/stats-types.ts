import type { UseQueryResult } from '@tanstack/react-query';
import type { ActionData, ActionInput } from '../../../gateway/contract/actions/registry';

// The shapes every phone channel's statistics share (SMS, MMS: docs/decisions.md "MMS").

export type StatisticsInput = ActionInput<'GetUSMSSendStatistics'>;
export type StatisticsData = ActionData<'GetUSMSSendStatistics'>;
export type ReceiptCodesInput = ActionInput<'GetUSMSSendReceiptCodeStatistics'>;
export type ReceiptCodesData = ActionData<'GetUSMSSendReceiptCodeStatistics'>;
export type StatisticsResult = UseQueryResult<StatisticsData>;
export type ReceiptCodesResult = UseQueryResult<ReceiptCodesData>;
