import {
  PDFDocument,
  StandardFonts,
  degrees,
  rgb,
  type PDFFont,
  type PDFPage,
} from '@pdfme/pdf-lib';
import QRCode from 'qrcode';
import { countryOf, horseDisplayName } from '@registry/domain';
import type { HorseRow } from '../../db/schema.js';
import type { StoredAncestor } from '../../db/horse-details.js';

export interface CertificateInput {
  associationName: string;
  horse: HorseRow;
  verifyUrl: string;
  issuedAt: Date;
}

/** The standard fonts speak WinAnsi only: anything else becomes '?' rather than a crash. */
function printable(value: string): string {
  return value.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.4, 0.4, 0.45);

class Writer {
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(value: string, x: number, y: number, size = 10, font = this.regular, color = INK) {
    let shown = printable(value);
    // Long names are cut to fit their column rather than run into the next one.
    while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > 260)
      shown = shown.slice(0, -1);
    this.page.drawText(shown, { x, y, size, font, color });
  }

  centered(value: string, y: number, size: number, font = this.bold) {
    const shown = printable(value);
    const width = font.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, { x: (this.page.getWidth() - width) / 2, y, size, font, color: INK });
  }

  field(label: string, value: string, x: number, y: number) {
    this.text(label, x, y, 8, this.regular, MUTED);
    this.text(value || '-', x, y - 12, 11, this.bold);
  }
}

function ancestor(a: StoredAncestor): string {
  return [a.name, a.reg ? `(${a.reg})` : ''].filter(Boolean).join(' ') || '-';
}

/** One page, US Letter landscape: the registry's record of an approved horse. */
export async function certificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const { horse } = input;
  const d = horse.details;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Registration certificate ${horse.registrationNumber ?? ''}`);
  pdf.setProducer(input.associationName);
  pdf.setCreationDate(input.issuedAt);
  const page = pdf.addPage([792, 612]);
  const w = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  page.drawRectangle({ x: 18, y: 18, width: 756, height: 576, borderColor: INK, borderWidth: 2 });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: 744,
    height: 564,
    borderColor: MUTED,
    borderWidth: 0.5,
  });

  w.centered(input.associationName, 548, 22);
  w.centered('Certificate of Registration', 524, 14, w.regular);
  w.centered(horseDisplayName(horse), 488, 26);
  w.centered(`Registration No. ${horse.registrationNumber ?? ''}`, 464, 13, w.regular);

  const m = d.othermarkings;
  const markings = [
    m.face && `Face: ${m.face}`,
    m.chin && `Chin: ${m.chin}`,
    m.left && `Left: ${m.left}`,
    m.right && `Right: ${m.right}`,
    m.frontLeg && `Front legs: ${m.frontLeg}`,
    m.hindLeg && `Hind legs: ${m.hindLeg}`,
    m.maneColor && `Mane: ${m.maneColor}`,
    m.tailColor && `Tail: ${m.tailColor}`,
  ].filter((v): v is string => Boolean(v));
  const left = 48;
  w.field('SEX', horse.sex, left, 420);
  w.field('COLOR / PATTERN', [horse.color, d.pattern].filter(Boolean).join(' / '), left, 388);
  w.field(
    'FOALED',
    `${horse.foalDate}${horse.stateFoaledIn ? `, ${horse.stateFoaledIn}` : ''}`,
    left,
    356,
  );
  w.field('BREEDER', d.bredBy, left, 324);
  w.field(
    'GAIT / TYPE',
    [horse.gaitDesignation, d.registrationType].filter(Boolean).join(' / '),
    left,
    292,
  );
  w.text('MARKINGS', left, 260, 8, w.regular, MUTED);
  (markings.length ? markings : ['-'])
    .slice(0, 8)
    .forEach((line, i) => w.text(line, left, 248 - i * 12, 9));

  // Pedigree: parents, grandparents, great-grandparents as the registration recorded them.
  const px = 330;
  w.text('PEDIGREE', px, 420, 8, w.regular, MUTED);
  const rows: Array<[string, StoredAncestor, number]> = [];
  for (const [label, parent] of [
    ['Sire', d.sire],
    ['Dam', d.dam],
  ] as const) {
    rows.push([label, parent, 0]);
    rows.push([`${label}'s sire`, parent.grand_sire, 1]);
    rows.push([`${label}'s dam`, parent.grand_dam, 1]);
    rows.push([`${label}'s great-grand sire`, parent.great_grand_sire, 2]);
    rows.push([`${label}'s great-grand dam`, parent.great_grand_dam, 2]);
  }
  rows.forEach(([label, a, depth], i) => {
    const y = 404 - i * 19;
    w.text(label, px + depth * 14, y, 7, w.regular, MUTED);
    w.text(
      ancestor(a),
      px + depth * 14 + 110,
      y,
      depth === 0 ? 10 : 9,
      depth === 0 ? w.bold : w.regular,
    );
  });

  w.text('OWNERS', left, 140, 8, w.regular, MUTED);
  d.owners.slice(0, 2).forEach((owner, i) => {
    const place = [owner.city, owner.state, countryOf(owner)].filter(Boolean).join(', ');
    w.text(`${owner.name}${place ? ` - ${place}` : ''}`, left, 128 - i * 13, 10, w.bold);
  });
  w.text(`Issued ${input.issuedAt.toISOString().slice(0, 10)}`, left, 60, 9);
  w.text(`Verify at ${input.verifyUrl}`, left, 46, 7, w.regular, MUTED);

  if (horse.verified === 'Yes') {
    const stamp = rgb(0.75, 0.1, 0.1);
    page.drawRectangle({
      x: 560,
      y: 150,
      width: 150,
      height: 44,
      borderColor: stamp,
      borderWidth: 3,
      rotate: degrees(12),
    });
    page.drawText('VERIFIED', {
      x: 574,
      y: 164,
      size: 26,
      font: w.bold,
      color: stamp,
      rotate: degrees(12),
    });
  }

  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240 });
  // A copy that owns its whole buffer: the PDF library reads the backing ArrayBuffer from offset
  // 0, and a Buffer may be a slice of Node's shared pool.
  const image = await pdf.embedPng(new Uint8Array(qr));
  page.drawImage(image, { x: 650, y: 40, width: 96, height: 96 });
  return pdf.save();
}
