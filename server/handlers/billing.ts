import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ledger, wallets } from '../db/schema';
import type { HandlerMap } from '../context';
import {
  BILL_STATUS,
  type BillTypeName,
  type StatementTypeName,
  type Transaction,
} from '../../src/gateway/contract/actions/billing';
import { MAIN_WALLET } from '../money/ledger';

export { MAIN_WALLET };

/** Spec 001 §4: the account statement shows recharges, refunds, clears (withdrawals) and rebates. */
const STATEMENT_TYPE_OF: Partial<Record<BillTypeName, StatementTypeName>> = {
  recharge: 'Recharge',
  refund: 'Refund',
  withdraw: 'Clear',
  bonus: 'RebateRecharge',
};
const STATEMENT_BILL_TYPES = Object.keys(STATEMENT_TYPE_OF) as BillTypeName[];

/** HB + day + zero-padded ledger id: unique, sortable, and readable over the phone. */
function invoiceNo(id: number, at: Date): string {
  const day = at.toISOString().slice(0, 10).replace(/-/g, '');
  return `HB${day}${String(id).padStart(8, '0')}`;
}

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

  async GetTransactionList(
    { Page, NumPerPage, Kind, BillType, StatementType, Status, ProductType, StartTime, EndTime },
    ctx,
  ) {
    const filters: SQL[] = [eq(ledger.userId, ctx.user.id)];
    if (Kind === 'statement') filters.push(inArray(ledger.billType, STATEMENT_BILL_TYPES));
    if (BillType) filters.push(eq(ledger.billType, BillType));
    if (StatementType)
      filters.push(
        inArray(
          ledger.billType,
          STATEMENT_BILL_TYPES.filter((type) => STATEMENT_TYPE_OF[type] === StatementType),
        ),
      );
    // only settled moves reach the ledger: every row is a success, none is failed
    if (Status === BILL_STATUS.Failed) filters.push(sql`false`);
    if (ProductType !== undefined) filters.push(eq(wallets.productType, ProductType));
    if (StartTime !== undefined) filters.push(gte(ledger.createdAt, new Date(StartTime * 1000)));
    if (EndTime !== undefined) filters.push(lte(ledger.createdAt, new Date(EndTime * 1000)));
    const where = and(...filters);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(ledger)
      .innerJoin(wallets, eq(wallets.id, ledger.walletId))
      .where(where);
    const rows = await ctx.db
      .select({ row: ledger, productType: wallets.productType })
      .from(ledger)
      .innerJoin(wallets, eq(wallets.id, ledger.walletId))
      .where(where)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    const Transactions: Transaction[] = rows.map(({ row, productType }) => ({
      Id: row.id,
      InvoiceNo: invoiceNo(row.id, row.createdAt),
      BillType: row.billType as BillTypeName,
      StatementType: STATEMENT_TYPE_OF[row.billType as BillTypeName] ?? null,
      ProductType: productType,
      Amount: row.amount,
      BalanceAfter: row.balanceAfter,
      Description: row.description,
      CreateTime: Math.floor(row.createdAt.getTime() / 1000),
      // Only settled moves reach the ledger; a refused payment leaves no row.
      Status: BILL_STATUS.Success,
    }));
    return { Total: total.n, Transactions };
  },
};
