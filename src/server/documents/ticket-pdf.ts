import PDFDocument from 'pdfkit';
import type { DocumentTable } from '../../domain/document-money';
import { printedValue, printsWide, type TicketDocument } from '../../domain/ticket-documents';
import { pdfFonts } from './pdf-fonts';
import { qrMatrix } from './qr-code';

// Draws a TicketDocument (src/domain/ticket-documents.ts) as a PDF with pdfkit: A4 for the
// receipt and the act, 58×40 mm for the label. The print page draws the same model in HTML.

const MM = 72 / 25.4;
const A4_MARGIN = 40;
const GREY = '#555555';
const RULE = '#999999';

export interface PdfInput {
  document: TicketDocument;
  /** The shop's logo (PNG), when one is set. */
  logo: Buffer | null;
  /** Written into the file's metadata, so a PDF made twice is the same file. */
  createdAt: Date;
}

export function renderTicketPdf(input: PdfInput): Promise<Buffer> {
  const { document } = input;
  const label = document.kind === 'label';
  // pdfkit takes a parsed fontkit font wherever it takes a font's path; its types name only the path.
  const fonts = pdfFonts() as unknown as Record<'regular' | 'bold', string>;
  const doc = new PDFDocument({
    size: label ? [58 * MM, 40 * MM] : 'A4',
    margin: label ? 3 * MM : A4_MARGIN,
    font: fonts.regular,
    lang: 'ru-RU',
    displayTitle: true,
    info: {
      Title: `${document.title} ${document.number}`,
      Author: document.shop.name || 'GL Задачи',
      Creator: 'GL Задачи',
      CreationDate: input.createdAt,
      ModDate: input.createdAt,
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (label) drawLabel(doc, document);
  else drawSheet(doc, input);
  doc.end();
  return done;
}

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(text);
  const cell = size / matrix.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      // A hair wider than a module, so neighbours never show a seam when printed.
      if (matrix.dark(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}

function drawSheet(doc: PDFKit.PDFDocument, { document, logo }: PdfInput) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const qrSize = 84;
  const top = doc.page.margins.top;

  // Header: logo, the shop's name and requisites on the left; the QR code on the right.
  let textLeft = left;
  if (logo) {
    doc.image(logo, left, top, { fit: [110, 56] });
    textLeft = left + 120;
  }
  const headerWidth = left + width - qrSize - 16 - textLeft;
  doc.font('bold').fontSize(13).fillColor('#000000');
  doc.text(document.shop.name || ' ', textLeft, top, { width: headerWidth });
  doc.font('regular').fontSize(8.5).fillColor(GREY);
  for (const line of document.shop.details) doc.text(line, textLeft, doc.y + 1, { width: headerWidth });
  drawQr(doc, document.qr.text, left + width - qrSize, top, qrSize);
  doc.fontSize(7.5).text(document.qr.caption, left + width - qrSize - 20, top + qrSize + 3, {
    width: qrSize + 20,
    align: 'center',
  });

  let y = Math.max(doc.y, top + qrSize + 14, logo ? top + 60 : 0) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke();
  y += 12;

  doc.font('bold').fontSize(17).fillColor('#000000').text(document.title, left, y, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text(document.subtitle, left, doc.y + 2, { width });
  y = doc.y + 10;

  const labelWidth = 170;
  const valueWidth = width - labelWidth - 10;
  const room = (needed: number) => {
    if (y + needed > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };

  for (const section of document.sections) {
    room(40);
    doc.font('bold').fontSize(11).fillColor('#000000').text(section.heading, left, y, { width });
    y = doc.y + 4;
    for (const field of section.fields) {
      const value = printedValue(field.value);
      doc.font('regular').fontSize(10);
      if (printsWide(field)) {
        const height = doc.heightOfString(value, { width }) + 16;
        room(Math.min(height, 120));
        doc.fontSize(9).fillColor(GREY).text(field.label, left, y, { width });
        doc
          .fontSize(10)
          .fillColor('#000000')
          .text(value, left, doc.y + 1, { width });
        y = doc.y + 5;
        continue;
      }
      const height = Math.max(
        doc.heightOfString(value, { width: valueWidth }),
        doc.fontSize(9).heightOfString(field.label, { width: labelWidth }),
      );
      room(height);
      doc
        .fontSize(9)
        .fillColor(GREY)
        .text(field.label, left, y + 1, { width: labelWidth });
      doc
        .fontSize(10)
        .fillColor('#000000')
        .text(value, left + labelWidth + 10, y, { width: valueWidth });
      y += height + 4;
    }
    y += 8;
  }

  for (const table of document.tables) {
    // The table's rows ask for room at their own place; a new page starts them at its top.
    const roomAt = (current: number, needed: number) => {
      y = current;
      room(needed);
      return y;
    };
    y = drawTable(doc, table, { left, width, y, room: roomAt });
    y += 8;
  }

  for (const note of document.notes) {
    doc.font('regular').fontSize(8.5);
    room(Math.min(doc.heightOfString(note, { width }), 100));
    doc.fillColor('#000000').text(note, left, y, { width });
    y = doc.y + 8;
  }

  // Signature lines, side by side: who hands the device over and who takes it.
  if (document.signatures.length > 0) {
    room(70);
    y += 18;
    const gap = 30;
    const column = (width - gap * (document.signatures.length - 1)) / document.signatures.length;
    document.signatures.forEach((signature, index) => {
      const x = left + index * (column + gap);
      doc.font('regular').fontSize(9).fillColor(GREY).text(signature.role, x, y, { width: column });
      const lineY = y + 34;
      doc
        .moveTo(x, lineY)
        .lineTo(x + column, lineY)
        .lineWidth(0.7)
        .strokeColor('#000000')
        .stroke();
      doc
        .fontSize(8)
        .text(`подпись / ${signature.name || 'ФИО'}`, x, lineY + 3, { width: column, align: 'center' });
    });
  }
}

/**
 * A table of sums: a bold header row, one row per line (a long name wraps and the row grows),
 * a new page with the header again when the rows run past the bottom, and the totals under
 * the sum column. Returns where the next thing starts.
 */
function drawTable(
  doc: PDFKit.PDFDocument,
  table: DocumentTable,
  at: { left: number; width: number; y: number; room: (current: number, needed: number) => number },
): number {
  const { left, width } = at;
  const shares = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / shares) * width);
  const pad = 3;
  let y = at.room(at.y, 60);
  doc.font('bold').fontSize(11).fillColor('#000000').text(table.heading, left, y, { width });
  y = doc.y + 4;

  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    const height =
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index]! - pad * 2 }))) +
      pad * 2;
    const before = y;
    y = at.room(y, height);
    if (y < before && font === 'regular') {
      // A new page: the header again, so the columns stay named.
      row(
        table.columns.map((column) => column.label),
        'bold',
      );
      doc.font(font).fontSize(9);
    }
    let x = left;
    cells.forEach((cell, index) => {
      const column = table.columns[index]!;
      doc.fillColor('#000000').text(cell, x + pad, y + pad, {
        width: widths[index]! - pad * 2,
        align: column.numeric ? 'right' : 'left',
      });
      x += widths[index]!;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  };

  if (table.columns.length > 0) {
    row(
      table.columns.map((column) => column.label),
      'bold',
    );
    for (const cells of table.rows) row(cells, 'regular');
  }
  y += 4;
  for (const total of table.totals) {
    y = at.room(y, 16);
    doc
      .font(total.strong ? 'bold' : 'regular')
      .fontSize(10)
      .fillColor('#000000');
    doc.text(`${total.label}: ${total.value}`, left, y, { width, align: 'right' });
    y = doc.y + 2;
  }
  return y;
}

function drawLabel(doc: PDFKit.PDFDocument, document: TicketDocument) {
  const margin = doc.page.margins.left;
  const width = doc.page.width - margin * 2;
  const qrSize = 19 * MM;
  const textWidth = width - qrSize - 3;
  drawQr(doc, document.qr.text, margin + width - qrSize, margin, qrSize);

  doc.font('bold').fontSize(15).fillColor('#000000');
  doc.text(document.number, margin, margin, { width: textWidth, lineBreak: false });
  doc.font('regular').fontSize(6.5).text(document.subtitle, margin, doc.y, { width: textWidth });
  let y = Math.max(doc.y + 2, margin + qrSize + 2);
  const fields = document.sections.flatMap((section) => section.fields);
  for (const field of fields) {
    if (field.value.trim() === '') continue;
    const caption = `${field.label}: `;
    doc.font('bold').fontSize(7).text(caption, margin, y, { lineBreak: false });
    const captionWidth = doc.widthOfString(caption);
    // One line each: what does not fit ends in an ellipsis instead of running off the label.
    doc.font('regular').text(field.value, margin + captionWidth, y, {
      width: width - captionWidth,
      height: 8,
      ellipsis: true,
    });
    y += 9;
    if (y > doc.page.height - margin - 8) break;
  }
}
