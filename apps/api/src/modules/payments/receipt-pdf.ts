import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import { formatUsd, type MemberPayment } from '@registry/domain';

/*
 * A payment's receipt (docs/api.md "My payments"): one US Letter page with who paid, for which
 * horse, each fee line and the total, and the refund or dispute when there was one.
 */

export interface ReceiptInput {
  associationName: string;
  payment: MemberPayment;
  payer: { name: string; email: string; memberNumber: string | null };
  issuedAt: Date;
}

const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.4, 0.4, 0.45);
const METHODS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account (ACH debit)',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

/** The standard fonts speak WinAnsi only: anything else becomes '?' rather than a crash. */
function printable(value: string): string {
  return value.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

class Lines {
  y = 700;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  write(text: string, { size = 11, bold = false, x = 60, muted = false } = {}) {
    this.page.drawText(printable(text), {
      x,
      y: this.y,
      size,
      font: bold ? this.bold : this.regular,
      color: muted ? MUTED : INK,
    });
  }

  next(gap = 18) {
    this.y -= gap;
  }

  /** A label on the left and an amount on the right of the same line. */
  amount(label: string, cents: number, bold = false) {
    this.write(label, { bold });
    const text = formatUsd(cents);
    const font = bold ? this.bold : this.regular;
    this.page.drawText(text, {
      x: 552 - font.widthOfTextAtSize(text, 11),
      y: this.y,
      size: 11,
      font,
      color: INK,
    });
    this.next();
  }
}

export async function receiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const { payment, payer } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${payment.id}`);
  pdf.setProducer(input.associationName);
  pdf.setCreationDate(input.issuedAt);
  const page = pdf.addPage([612, 792]);
  const out = new Lines(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  out.write(input.associationName, { size: 18, bold: true });
  out.next(26);
  out.write(
    payment.refundedCents > 0 || payment.status === 'refunded' ? 'Receipt and refund' : 'Receipt',
    { size: 14 },
  );
  out.next(30);
  for (const [label, value] of [
    ['Receipt no.', payment.id],
    ['Paid on', day(payment.createdAt)],
    [
      'Paid by',
      [payer.name, payer.memberNumber && `member no. ${payer.memberNumber}`]
        .filter(Boolean)
        .join(', '),
    ],
    ['Email', payer.email],
    ['Horse', `${payment.horse.name}${payment.horse.deleted ? ' (registration withdrawn)' : ''}`],
    ['Method', METHODS[payment.method] ?? payment.method],
  ] as const) {
    out.write(label, { size: 9, muted: true });
    out.write(value || '-', { x: 160 });
    out.next();
  }
  out.next(12);
  const lines =
    payment.lines.length > 0 ? payment.lines : [{ label: 'Fees', cents: payment.amountCents }];
  for (const line of lines) out.amount(line.label, line.cents);
  out.amount('Total paid', payment.amountCents, true);
  const lost = payment.dispute?.outcome === 'lost';
  // Each refund that returned money, partial ones too; a failed one is said, not counted.
  const refunds = payment.refunds.filter((refund) => refund.status !== 'canceled');
  if (refunds.length > 0) out.next(8);
  for (const refund of refunds) {
    if (refund.status === 'failed') {
      out.write(
        `A refund of ${formatUsd(refund.amountCents)} on ${day(refund.createdAt)} failed; the amount stayed paid.`,
        { size: 9 },
      );
      out.next();
    } else {
      const pending = refund.status === 'succeeded' ? '' : ' (on its way)';
      out.amount(`Refunded on ${day(refund.createdAt)}${pending}`, -refund.amountCents);
    }
  }
  if (payment.status === 'refunded' && refunds.length === 0 && !lost) {
    // Refunded before each refund was kept (or in full by the office): the whole amount.
    out.next(8);
    out.amount(`Refunded on ${day(payment.updatedAt)}`, -payment.amountCents, true);
  }
  if (payment.refundedCents > 0 && payment.refundedCents < payment.amountCents) {
    out.amount('Kept', payment.amountCents - payment.refundedCents, true);
  }
  if (payment.status === 'refunded' && payment.reversalReason) {
    out.write(`Reason: ${payment.reversalReason}`, { size: 9 });
    out.next();
  }
  if (lost) {
    out.next(8);
    out.write('The card issuer decided a dispute for the cardholder; the amount was returned.', {
      size: 9,
    });
    out.next();
  }
  if (payment.status === 'disputed') {
    out.next(8);
    out.write('This payment is disputed with the card issuer; its amount is held.', { size: 9 });
    out.next();
  }
  const agreement = payment.agreement;
  if (agreement?.checkedAgreement) {
    out.next(8);
    const versions = [agreement.termsVersion, agreement.mandateVersion].filter(Boolean).join(', ');
    const taken = agreement.acceptance === 'office' ? ' (given to the office)' : '';
    out.write(
      `Agreement accepted${agreement.acceptedAt ? ` on ${day(agreement.acceptedAt)}` : ''}${taken}${versions ? `: ${versions}` : ''}.`,
      { size: 9 },
    );
    out.next();
    if (agreement.mandateStatus === 'revoked') {
      out.write('The bank debit authorization has since been revoked.', { size: 9 });
      out.next();
    }
  }
  out.next(24);
  out.write(`Issued ${day(input.issuedAt.toISOString())}. Keep this receipt for your records.`, {
    size: 8,
    muted: true,
  });
  return pdf.save();
}
