import type { Db } from '../db/database';
import { credit, debit } from './ledger';

const WALLET_NAME: Record<number, string> = { 0: 'main', 9: 'SMS', 6003: 'voice', 6011: 'e-mail', 6026: 'ads' };
/** Product 0 on both rows: a move between wallets is not usage of any product. */
const NOT_USAGE = 0;

/** Main wallet <-> a sub-wallet: a deduct row and a recharge row in one transaction, both keyed. */
export async function transferBetweenWallets(
  tx: Db,
  input: { userId: number; from: number; to: number; amount: number; key: string; at: Date },
) {
  const out = await debit(tx, {
    userId: input.userId,
    productType: input.from,
    amount: input.amount,
    billType: 'deduct',
    uniqueKey: `transfer:${input.key}:out`,
    description: `Moved to the ${WALLET_NAME[input.to]} wallet`,
    productId: NOT_USAGE,
    paidOnly: false,
    at: input.at,
  });
  const into = await credit(tx, {
    userId: input.userId,
    productType: input.to,
    amount: input.amount,
    billType: 'recharge',
    uniqueKey: `transfer:${input.key}:in`,
    description: `Moved from the ${WALLET_NAME[input.from]} wallet`,
    productId: NOT_USAGE,
    at: input.at,
  });
  return { FromBalanceAfter: out.balanceAfter, ToBalanceAfter: into.balanceAfter };
}
