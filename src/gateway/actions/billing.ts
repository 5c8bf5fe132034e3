import { z } from 'zod';
import { defineAction, emptyInput } from './define';

export { SUB_WALLET_TYPES } from './constants';

const walletFields = {
  Amount: z.number(),
  AmountFree: z.number(),
  AmountCredit: z.number(),
  AmountFreeze: z.number(),
};

export const balanceData = z.object({
  ...walletFields,
  Currency: z.string(),
  SubWallets: z.array(z.object({ ...walletFields, ProductTypes: z.array(z.number()) })),
});
export type Balance = z.infer<typeof balanceData>;

export const billingActions = {
  GetBalance: defineAction('user', emptyInput, balanceData),
} as const;
