import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { MAIN_WALLET_TYPE } from '../../src/gateway/contract/billing/rules';
import { startCardPayment, type MoneyDeps } from './card-payments';
import { defaultCard } from './cards';

// A plan paid by card: the card is charged the price (plus the card fee) into the main wallet first,
// as a card payment of kind 'plan' keyed by the purchase's idempotency key, and the purchase then pays
// from the wallet as usual. A retry finds the same card payment (never a second charge); a card that
// is declined or asks for a challenge refuses the purchase with the card's own message, and a challenge
// card is used through a top-up (the checkout), where the challenge can be shown.

export async function fundPlanByCard(
  deps: MoneyDeps,
  input: { userId: number; amount: number; paymentMethodId?: string; idempotencyKey: string; subscriptionNo: string },
): Promise<void> {
  if (input.amount <= 0) return;
  const pm = input.paymentMethodId ?? (await defaultCard(deps.database.db, input.userId))?.providerPmId;
  if (!pm) throw new ApiError(RetCode.NoDefaultCard);
  const key = `plan-${input.idempotencyKey}`.slice(0, 64);
  const payment = await startCardPayment(deps, {
    userId: input.userId,
    kind: 'plan',
    walletType: MAIN_WALLET_TYPE,
    amount: input.amount,
    providerPmId: pm,
    idempotencyKey: key,
    requestHash: `${input.subscriptionNo}:${input.amount}:${pm}`,
  });
  if (payment.status === 'succeeded') return;
  if (payment.status === 'failed') throw new ApiError((payment.failureRetCode ?? RetCode.CardDeclined) as never);
  throw new ApiError(payment.status === 'requires_action' ? RetCode.CardChallengeFailed : RetCode.PaymentNotSettled);
}
