import { z } from 'zod';
import { defineAction } from './define';

import { MODULES, PERIOD_UNITS } from './constants';

export { MODULES, PERIOD_UNITS, type ModuleName } from './constants';

export const buyRecord = z.object({
  Id: z.number(),
  /** 1 = active */
  Status: z.number(),
  SubscriptionNo: z.string(),
  CnName: z.string(),
  EnName: z.string(),
  Free: z.boolean(),
  Period: z.number(),
  PeriodUnit: z.enum(PERIOD_UNITS),
  CostAmount: z.number(),
  CreateTime: z.number(),
  /** seconds */
  EndTime: z.number(),
  ModWhitelist: z.array(z.object({ ProductMod: z.enum(MODULES) })),
  Quantity: z.array(z.object({ LimitKey: z.string(), Value: z.number() })),
});
export type BuyRecord = z.infer<typeof buyRecord>;

export const subscriptionActions = {
  DescribeSubscriptionBuyRecord: defineAction(
    'user',
    z
      .object({
        NumPerPage: z.number().int().min(1).max(100).default(10),
        Page: z.number().int().min(1).max(10000).default(1),
        OrderBy: z.literal('CreateTime').default('CreateTime'),
        OrderType: z.enum(['asc', 'desc']).default('desc'),
      })
      .strict(),
    z.object({ Total: z.number(), Records: z.array(buyRecord) }),
  ),
} as const;
