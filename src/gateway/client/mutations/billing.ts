import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionData, ActionInput } from '../../contract/actions/registry';
import type { Payment } from '../../contract/billing/payments';
import { balanceQuery } from '../queries/account';
import {
  invalidatePlanQueries,
  BILLING_KEY,
  billingAddressQuery,
  balanceAlarmQuery,
  cardsQuery,
  paymentQuery,
} from '../queries/billing';
import {
  answerChallenge,
  confirmSetupAtProvider,
  type CardDetails,
  type ProviderSetupResult,
} from '../payment-provider';

// Writes of the billing area (issue 10). The machines' actors call the money moves; the views use the
// mutation factories, each of which owns the cache invalidation of what it changed.

export type SetupIntent = ActionData<'CreateSetupIntent'>;
export type SavedCard = ActionData<'ConfirmCardSetup'>;

/** Opens a setup intent: the card form sends the card to the provider with its client secret. */
export const createSetupIntent = (): Promise<SetupIntent> => call('CreateSetupIntent', {}, { silent: true });

/** The card goes to the provider only; Herald learns the payment-method id, brand, last 4 and expiry. */
export const sendCardToProvider = (intent: SetupIntent, card: CardDetails): Promise<ProviderSetupResult> =>
  confirmSetupAtProvider(intent, card);

/** After the provider accepted the card (and its challenge): store it, hold 10.00, upgrade a trial account. */
export const confirmCardSetup = (setupIntentId: string): Promise<SavedCard> =>
  call('ConfirmCardSetup', { SetupIntentId: setupIntentId }, { silent: true });

export const setDefaultCard = (paymentMethodId: string) =>
  call('SetDefaultCard', { PaymentMethodId: paymentMethodId }).then(() => undefined);

export const removeCard = (paymentMethodId: string) =>
  call('RemoveCard', { PaymentMethodId: paymentMethodId }).then(() => undefined);

export const createInpourPayment = (input: ActionInput<'CreateInpourPayment'>): Promise<Payment> =>
  call('CreateInpourPayment', input, { silent: true });

export const confirmInpourPayment = (paymentId: string): Promise<Payment> =>
  call('ConfirmInpourPayment', { PaymentId: paymentId }, { silent: true });

/** The issuer's challenge answered at the provider (pass or fail), then the payment settled by Herald. */
export async function answerPaymentChallenge(
  paymentId: string,
  challenge: NonNullable<Payment['Challenge']>,
  outcome: 'pass' | 'fail',
): Promise<Payment> {
  await answerChallenge(challenge, outcome);
  return confirmInpourPayment(paymentId);
}

const POLL_MS = 500;

/** Asks until the provider's result (its webhook) has settled the payment, or the signal aborts. */
export async function waitForPayment(paymentId: string, signal: AbortSignal): Promise<Payment> {
  for (;;) {
    const payment = await call('GetInpourPayment', { PaymentId: paymentId }, { signal, silent: true });
    if (payment.Status === 'succeeded' || payment.Status === 'failed') return payment;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    signal.throwIfAborted();
  }
}

/** After a card is saved, made default or removed: the card list and the balance (the 10.00 hold). */
export function invalidateCards(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: cardsQuery().queryKey }),
    client.invalidateQueries({ queryKey: balanceQuery().queryKey }),
  ]);
}

/** After money moved: balance, ledger, usage, invoices and the payment itself. */
export function invalidateMoney(client: QueryClient, paymentId?: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: balanceQuery().queryKey }),
    client.invalidateQueries({ queryKey: BILLING_KEY }),
    ...(paymentId ? [client.invalidateQueries({ queryKey: paymentQuery(paymentId).queryKey })] : []),
  ]);
}

export const moveMoneyMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (input: ActionInput<'TransferWalletFunds'>) => call('TransferWalletFunds', input),
    onSuccess: () => invalidateMoney(client),
  });

export type BillingAddressInput = ActionInput<'UpdateBillingAddress'>;

export const saveBillingAddressMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (input: BillingAddressInput) => call('UpdateBillingAddress', input),
    onSuccess: (data) => client.setQueryData(billingAddressQuery().queryKey, data),
  });

export const updateBalanceAlarmMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (input: ActionInput<'UpdateBalanceAlarmThreshold'>) => call('UpdateBalanceAlarmThreshold', input),
    onSuccess: (data) => client.setQueryData(balanceAlarmQuery().queryKey, data),
  });

/** The invoice PDF through the binary client (a refusal arrives as a GatewayError). */
export const downloadInvoiceMutation = () =>
  mutationOptions({
    mutationFn: (invoiceId: number): Promise<Blob> => callBinary('DownloadInvoice', { InvoiceId: invoiceId }),
  });

// Plan purchases: each carries its IdempotencyKey (one per choice, kept across
// retries so a retried payment cannot charge twice) and refreshes every query a purchase changes.

export const buyPackageMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['billing', 'BuySubscriptionPackage'],
    mutationFn: (input: ActionInput<'BuySubscriptionPackage'>) =>
      call('BuySubscriptionPackage', input, { silent: true }),
    onSuccess: () => invalidatePlanQueries(client),
  });

export const upgradePackageMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['billing', 'UpgradeSubscriptionPackage'],
    mutationFn: (input: ActionInput<'UpgradeSubscriptionPackage'>) =>
      call('UpgradeSubscriptionPackage', input, { silent: true }),
    onSuccess: () => invalidatePlanQueries(client),
  });
