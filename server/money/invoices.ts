import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { billingAddresses, invoices } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { Invoice } from '../../src/gateway/contract/billing/usage';

// One invoice per thing paid (a card top-up, a bank transfer, a plan), keyed by its source so a retried
// settlement finds the first one. The billing address is copied in: a later change of address does not
// rewrite an issued invoice. Tax: Herald's prices exclude tax and no tax is collected (reverse charge);
// the invoice shows a 0.00 tax line (docs/decisions.md, "Money in").

export type InvoiceRow = typeof invoices.$inferSelect;
export const TAX_RATE_PERCENT = 0;

export interface NewInvoice {
  userId: number;
  kind: 'recharge' | 'plan' | 'bank_transfer';
  sourceKey: string;
  description: string;
  /** units */
  subtotal: number;
  fee: number;
  at: Date;
}

/** "INV-202611-00000042": the month it was issued and the invoice's own number, unique and sortable. */
export function invoiceNumber(id: number, at: Date): string {
  return `INV-${at.toISOString().slice(0, 7).replace('-', '')}-${String(id).padStart(8, '0')}`;
}

export async function createInvoice(tx: Db, input: NewInvoice): Promise<InvoiceRow> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, input.userId), eq(invoices.sourceKey, input.sourceKey)));
  if (existing) return existing;
  const [address] = await tx.select().from(billingAddresses).where(eq(billingAddresses.userId, input.userId));
  const next = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('invoices', 'id')) AS id`)) as unknown as {
    rows: { id: string }[];
  };
  const id = next.rows[0].id;
  const invoiceId = Number(id);
  const tax = Math.round(((input.subtotal + input.fee) * TAX_RATE_PERCENT) / 100);
  const [row] = await tx
    .insert(invoices)
    .values({
      id: invoiceId,
      userId: input.userId,
      invoiceNo: invoiceNumber(invoiceId, input.at),
      kind: input.kind,
      sourceKey: input.sourceKey,
      description: input.description,
      subtotal: input.subtotal,
      fee: input.fee,
      tax,
      total: input.subtotal + input.fee + tax,
      billTo: address?.address ?? null,
      createdAt: input.at,
    })
    .returning();
  return row;
}

export function invoiceView(row: InvoiceRow): Invoice {
  return {
    InvoiceId: row.id,
    InvoiceNo: row.invoiceNo,
    Kind: row.kind as Invoice['Kind'],
    Description: row.description,
    Subtotal: row.subtotal,
    Fee: row.fee,
    Tax: row.tax,
    Total: row.total,
    Currency: row.currency,
    CreateTime: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export async function listInvoices(db: Db, userId: number, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { Total: total.n, Invoices: rows.map(invoiceView) };
}

/** The caller's own invoice only: another account's id is NotFound, never its PDF. */
export async function findInvoice(db: Db, userId: number, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!row) throw new ApiError(RetCode.NotFound);
  return row;
}
