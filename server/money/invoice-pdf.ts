import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../../src/gateway/contract/money';
import { TAX_RATE_PERCENT, type InvoiceRow } from './invoices';

// The invoice PDF, drawn with pdf-lib (pure JavaScript, no native parts). The standard Helvetica font
// covers Latin text only (WinAnsi); characters outside it in an address print as "?" rather than
// failing the download (docs/decisions.md, "Money in").

const SELLER = ['Herald Messaging Ltd.', '1 Harbour Street', 'Singapore 018989', 'billing@herald.local'];
const KIND_TITLE: Record<string, string> = {
  recharge: 'Card top-up',
  bank_transfer: 'Bank transfer top-up',
  plan: 'Subscription plan',
};

const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function writer(page: PDFPage, font: PDFFont, bold: PDFFont) {
  return (text: string, x: number, y: number, options: { size?: number; strong?: boolean; right?: boolean } = {}) => {
    const size = options.size ?? 10;
    const face = options.strong ? bold : font;
    const safe = winAnsi(text);
    const at = options.right ? x - face.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font: face, color: rgb(0.1, 0.1, 0.12) });
  };
}

export async function renderInvoicePdf(invoice: InvoiceRow, customerEmail: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.invoiceNo}`);
  doc.setAuthor('Herald');
  doc.setCreationDate(invoice.createdAt);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const write = writer(page, font, bold);
  const money = (units: number) => formatMoney(units, invoice.currency);

  write('INVOICE', 50, 780, { size: 22, strong: true });
  write(`Invoice number: ${invoice.invoiceNo}`, 50, 755);
  write(`Date: ${invoice.createdAt.toISOString().slice(0, 10)}`, 50, 741);
  write('Status: Paid', 50, 727);
  SELLER.forEach((line, i) => write(line, 545, 780 - i * 14, { right: true, strong: i === 0 }));

  write('Bill to', 50, 690, { strong: true });
  const to = invoice.billTo;
  const billTo = to
    ? [
        to.Name,
        to.Company,
        to.Line1,
        to.Line2,
        [to.PostalCode, to.City, to.State].filter(Boolean).join(' '),
        to.Country,
        to.TaxId ? `Tax ID: ${to.TaxId}` : '',
      ]
    : [];
  [...billTo, customerEmail].filter(Boolean).forEach((line, i) => write(line, 50, 674 - i * 14));

  const top = 540;
  page.drawLine({ start: { x: 50, y: top + 14 }, end: { x: 545, y: top + 14 }, thickness: 0.8 });
  write('Description', 50, top, { strong: true });
  write('Amount', 545, top, { strong: true, right: true });
  page.drawLine({ start: { x: 50, y: top - 6 }, end: { x: 545, y: top - 6 }, thickness: 0.5 });
  const lines: [string, number][] = [
    [`${KIND_TITLE[invoice.kind] ?? invoice.kind}: ${invoice.description}`, invoice.subtotal],
  ];
  if (invoice.fee > 0) lines.push(['Card processing fee (0.80%)', invoice.fee]);
  lines.push([`Tax (${TAX_RATE_PERCENT}%, reverse charge: prices exclude tax)`, invoice.tax]);
  lines.forEach(([label, units], i) => {
    write(label, 50, top - 24 - i * 18);
    write(money(units), 545, top - 24 - i * 18, { right: true });
  });
  const totalY = top - 24 - lines.length * 18 - 10;
  page.drawLine({ start: { x: 300, y: totalY + 14 }, end: { x: 545, y: totalY + 14 }, thickness: 0.8 });
  write('Total paid', 300, totalY, { strong: true, size: 12 });
  write(money(invoice.total), 545, totalY, { strong: true, size: 12, right: true });
  write('Thank you for your business.', 50, 80, { size: 9 });
  return doc.save();
}
