import { eq } from 'drizzle-orm';
import { wallets } from '../db/schema';
import type { HandlerMap } from '../context';

export const MAIN_WALLET = 0;

export const billingHandlers: HandlerMap = {
  async GetBalance(_input, ctx) {
    const rows = await ctx.db.select().from(wallets).where(eq(wallets.userId, ctx.user.id));
    const main = rows.find((w) => w.productType === MAIN_WALLET);
    return {
      Amount: main?.amount ?? 0,
      AmountFree: main?.amountFree ?? 0,
      AmountCredit: main?.amountCredit ?? 0,
      AmountFreeze: main?.amountFreeze ?? 0,
      Currency: main?.currency ?? 'usd',
      SubWallets: rows
        .filter((w) => w.productType !== MAIN_WALLET)
        .map((w) => ({
          Amount: w.amount,
          AmountFree: w.amountFree,
          AmountCredit: w.amountCredit,
          AmountFreeze: w.amountFreeze,
          ProductTypes: [w.productType],
        })),
    };
  },
};
