import type { HandlerMap } from '../../context';
import { cardHandlers } from './cards';
import { paymentHandlers } from './payments';
import { usageHandlers } from './usage';

/** Money in (issue 10): cards, card and bank payments, wallet moves, usage, invoices, the balance alarm. */
export const moneyHandlers: HandlerMap = { ...cardHandlers, ...paymentHandlers, ...usageHandlers };
