// An area's kiosk setup sheet (spec GET /generate_exe/{id} "download executable"; SPEC-NOTES: the kiosk
// is a web app, so the download is how to set a tablet up): the kiosk link with its QR code and the
// steps, in the reader's language. pdfkit with DejaVu Sans like the roll-call report; each line is laid
// out by pdf-bidi so Arabic reads right to left with names in Latin letters in place.
import QRCode from 'qrcode';
import type { Language } from '@app/shared/constants';
import { reportResources } from '@app/shared/i18n/report-resources';
import { translate } from '@app/shared/i18n/translate';
import { visualPieces, type Direction } from '../../lib/pdf-bidi';
import { registerPdfFonts } from '../../lib/pdf-fonts';

const MARGIN = 50;
const INK = '#1a1a1a';
const MUTED = '#555555';
const LINK = '#1c5fb8';
const QR_SIZE = 150;

export type KioskSetupSheet = { company: string; site: string; area: string; link: string; date: string };

class Writer {
  readonly dir: Direction;
  readonly left = MARGIN;
  readonly right: number;
  y = MARGIN;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly lang: Language,
  ) {
    this.dir = lang === 'ar' ? 'rtl' : 'ltr';
    this.right = doc.page.width - MARGIN;
  }

  t(key: string, vars?: Record<string, string | number>) {
    return translate(reportResources, this.lang, `reports:kiosk_setup.${key}`, vars);
  }

  private width(text: string, dir: Direction) {
    return visualPieces(text, dir).reduce((sum, p) => sum + this.doc.widthOfString(p.text), 0);
  }

  /** Words in reading order, broken into lines no wider than `max`. */
  private wrap(text: string, max: number, dir: Direction) {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.width(next, dir) > max) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** A paragraph from the start side (the right in Arabic), `indent` in from it, wrapped. */
  paragraph(
    text: string,
    opts: {
      bold?: boolean;
      size?: number;
      color?: string;
      indent?: number;
      gap?: number;
      dir?: Direction;
      link?: string;
    } = {},
  ) {
    const size = opts.size ?? 10.5;
    const dir = opts.dir ?? this.dir;
    const indent = opts.indent ?? 0;
    this.doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(opts.color ?? INK);
    const max = this.right - this.left - indent;
    for (const line of this.wrap(text, max, dir)) {
      const pieces = visualPieces(line, dir).map((p) => ({ ...p, width: this.doc.widthOfString(p.text) }));
      const total = pieces.reduce((sum, p) => sum + p.width, 0);
      let x = this.dir === 'rtl' ? this.right - indent - total : this.left + indent;
      for (const p of pieces) {
        if (!p.space)
          this.doc.text(p.text, x, this.y, { lineBreak: false, link: opts.link, underline: Boolean(opts.link) });
        x += p.width;
      }
      this.y += size * 1.45;
    }
    this.y += opts.gap ?? 4;
  }

  /** A numbered step: the number at the start side, its text beside it. */
  step(n: number, text: string) {
    this.doc.font('bold').fontSize(10.5).fillColor(INK);
    const label = `${n}.`;
    const x = this.dir === 'rtl' ? this.right - this.doc.widthOfString(label) : this.left;
    this.doc.text(label, x, this.y, { lineBreak: false });
    this.paragraph(text, { indent: 20, gap: 6 });
  }
}

/** The sheet as a PDF (the bytes). */
export async function kioskSetupPdf(sheet: KioskSetupSheet, lang: Language): Promise<Buffer> {
  const title = translate(reportResources, lang, 'reports:kiosk_setup.title');
  // Loaded with the first PDF: pdfkit and its fonts are large, and an idle server never needs them.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang,
    displayTitle: true,
    info: { Title: `${title}: ${sheet.site} · ${sheet.area}`, Creator: 'Front Desk' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFonts(doc);
  const w = new Writer(doc, lang);

  w.paragraph(title, { bold: true, size: 20, gap: 6 });
  w.paragraph(w.t('place', { area: sheet.area, site: sheet.site }), { bold: true, size: 13 });
  w.paragraph(w.t('company', { company: sheet.company }), { color: MUTED, gap: 10 });
  w.paragraph(w.t('intro'), { gap: 14 });

  const qr = await QRCode.toBuffer(sheet.link, {
    type: 'png',
    margin: 1,
    width: QR_SIZE * 3,
    errorCorrectionLevel: 'M',
  });
  const qrX = (doc.page.width - QR_SIZE) / 2;
  doc.image(qr, qrX, w.y, { width: QR_SIZE, height: QR_SIZE, link: sheet.link });
  w.y += QR_SIZE + 8;
  doc.font('regular').fontSize(9).fillColor(MUTED);
  const caption = w.t('qr_caption');
  const captionWidth = Math.min(doc.widthOfString(caption), w.right - w.left);
  w.paragraph(caption, { size: 9, color: MUTED, indent: Math.max(0, (w.right - w.left - captionWidth) / 2), gap: 10 });

  w.paragraph(w.t('link_label'), { bold: true, size: 11, gap: 2 });
  // A web address reads left to right in every language.
  w.paragraph(sheet.link, { color: LINK, dir: 'ltr', link: sheet.link, gap: 16 });

  w.paragraph(w.t('steps_title'), { bold: true, size: 13, gap: 6 });
  const steps = ['step_open', 'step_install', 'step_lock', 'step_code', 'step_add', 'step_print'];
  steps.forEach((key, i) => w.step(i + 1, w.t(key, { area: sheet.area, site: sheet.site })));
  w.y += 6;
  w.paragraph(w.t('note_code'), { size: 9.5, color: MUTED });
  w.paragraph(w.t('generated', { date: sheet.date }), { size: 9, color: MUTED });
  doc.end();
  return done;
}
