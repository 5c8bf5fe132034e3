import type { Db } from '../db/database';
import { debit, MAIN_WALLET } from './ledger';
import { createInvoice } from './invoices';

export interface Charge {
  userId: number;
  /** units, > 0 */
  amount: number;
  /** one key per thing paid for, so a retried payment cannot charge twice */
  uniqueKey: string;
  description: string;
  at: Date;
}

/**
 * A way to pay for a purchase, called inside the purchase's transaction. A card provider (Stripe-like)
 * will authorise outside the transaction and settle here; the sandbox pays from the main wallet.
 */
export interface PaymentProvider {
  id: string;
  charge(tx: Db, charge: Charge): Promise<{ balanceAfter: number }>;
}

/** The sandbox provider: a plan is paid from the main wallet, refused with InsufficientBalance. */
export const walletPayments: PaymentProvider = {
  id: 'wallet',
  async charge(tx, charge) {
    const move = await debit(tx, {
      userId: charge.userId,
      productType: MAIN_WALLET,
      amount: charge.amount,
      billType: 'deduct',
      uniqueKey: charge.uniqueKey,
      description: charge.description,
      at: charge.at,
    });
    // Every paid plan gets its invoice (one per purchase, keyed like the ledger move).
    await createInvoice(tx, {
      userId: charge.userId,
      kind: 'plan',
      sourceKey: charge.uniqueKey,
      description: charge.description,
      subtotal: charge.amount,
      fee: 0,
      at: charge.at,
    });
    return { balanceAfter: move.balanceAfter };
  },
};
