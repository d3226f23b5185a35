import { existsSync } from 'node:fs';

// The fonts every PDF of the product is written in: DejaVu Sans shapes Arabic (pdf-lib cannot), and
// comes from Debian's fonts-dejavu-core.
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const PDF_FONTS = { regular: `${FONT_DIR}/DejaVuSans.ttf`, bold: `${FONT_DIR}/DejaVuSans-Bold.ttf` };

/** Registers the fonts as 'regular' and 'bold' on a new document; says what to install when missing. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  if (!existsSync(PDF_FONTS.regular) || !existsSync(PDF_FONTS.bold)) {
    throw new Error(`The PDF font is missing: install fonts-dejavu-core (${PDF_FONTS.regular})`);
  }
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
}
