import QRCode from 'qrcode';

/** A QR code as rows of dark (true) and light modules, without the quiet zone. */
export interface QrMatrix {
  size: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  // 'M' survives a scuffed sticker and still fits a status link in a small symbol.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/**
 * The same code as an SVG (one path, a 4-module quiet zone) for the print page: drawn by the
 * browser at any size, printed sharp.
 */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const quiet = 4;
  const full = matrix.size + quiet * 2;
  let path = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
