// The roll-call report as a PDF to print or hand to an inspector (issue 15 §5), in the reader's language:
// pdfkit with DejaVu Sans (Latin, Arabic and more in one font; Debian's fonts-dejavu-core), Arabic
// shaped by pdfkit's font engine and laid out right to left here (pdf-bidi.ts), tables mirrored.
import type { Language } from '@app/shared/constants';
import type { RollCallReport } from '@app/shared/emergency/schemas';
import { reportResources } from '@app/shared/i18n/report-resources';
import { translate } from '@app/shared/i18n/translate';
import { visualPieces, type Direction } from '../../lib/pdf-bidi';
import { registerPdfFonts } from '../../lib/pdf-fonts';

const MARGIN = 40;
const FOOTER = 24;
const ROW = 16;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#cccccc';

type Column = { key: string; share: number };
/** `dir`: a value that reads left to right whatever the language (a phone number). */
type Cell = { text: string; color?: string; bold?: boolean; dir?: Direction };

/** Seconds matter in a drill's marks: the company's clock to the second, digits as written everywhere. */
const clockOf = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

class Page {
  readonly dir: Direction;
  readonly left = MARGIN;
  readonly right: number;
  readonly bottom: number;
  y = MARGIN;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly lang: Language,
  ) {
    this.dir = lang === 'ar' ? 'rtl' : 'ltr';
    this.right = doc.page.width - MARGIN;
    this.bottom = doc.page.height - MARGIN - FOOTER;
  }

  get width() {
    return this.right - this.left;
  }

  t(key: string, vars?: Record<string, string | number>) {
    return translate(reportResources, this.lang, `reports:emergency_report.${key}`, vars);
  }

  font(bold: boolean, size: number) {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
  }

  /** The pieces of one line left to right with their widths, shortened with an ellipsis to fit `max`. */
  private fit(text: string, max: number, dir: Direction) {
    const measure = (s: string) => {
      const pieces = visualPieces(s, dir).map((p) => ({ ...p, width: this.doc.widthOfString(p.text) }));
      return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0) };
    };
    let chars = [...text.replace(/\s+/g, ' ').trim()];
    let laid = measure(chars.join(''));
    while (laid.width > max && chars.length > 1) {
      chars = chars.slice(0, Math.max(1, Math.floor(chars.length * (max / laid.width)) - 1));
      laid = measure(`${chars.join('').trimEnd()}…`);
    }
    return laid;
  }

  /** One line of text in a box, at the start (the right in Arabic), the end or the middle. */
  text(
    text: string,
    box: { x: number; width: number; y: number },
    opts: { bold?: boolean; size?: number; color?: string; align?: 'start' | 'end' | 'center'; dir?: Direction } = {},
  ) {
    this.font(opts.bold ?? false, opts.size ?? 9);
    this.doc.fillColor(opts.color ?? INK);
    const { pieces, width } = this.fit(text, box.width, opts.dir ?? this.dir);
    const align = opts.align ?? 'start';
    const atRight = (align === 'start') === (this.dir === 'rtl');
    let x = align === 'center' ? box.x + (box.width - width) / 2 : atRight ? box.x + box.width - width : box.x;
    for (const p of pieces) {
      if (!p.space) this.doc.text(p.text, x, box.y, { lineBreak: false });
      x += p.width;
    }
  }

  /** A line across the page, then down by its height. */
  line(text: string, opts: { bold?: boolean; size?: number; color?: string; gap?: number } = {}) {
    const size = opts.size ?? 10;
    this.room(size + 6);
    this.text(text, { x: this.left, width: this.width, y: this.y }, opts);
    this.y += size + 6 + (opts.gap ?? 0);
  }

  /** A new page when fewer than `height` points are left on this one; answers whether it turned. */
  room(height: number) {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  /** Where each column lies: from the left in a left-to-right language, from the right in Arabic. */
  private columns(columns: Column[]) {
    let at = 0;
    return columns.map((c) => {
      const width = c.share * this.width;
      const x = this.dir === 'rtl' ? this.right - at - width : this.left + at;
      at += width;
      return { x: x + 3, width: width - 6 };
    });
  }

  table(columns: Column[], rows: Cell[][]) {
    const boxes = this.columns(columns);
    const header = () => {
      boxes.forEach((b, i) =>
        this.text(this.t(columns[i]!.key), { ...b, y: this.y }, { bold: true, size: 8.5, color: MUTED }),
      );
      this.y += ROW;
      this.rule();
    };
    this.room(ROW * 2);
    header();
    for (const row of rows) {
      if (this.room(ROW)) header();
      row.forEach((cell, i) => this.text(cell.text, { ...boxes[i]!, y: this.y + 3 }, cell));
      this.y += ROW;
      this.rule();
    }
    this.y += 10;
  }

  rule() {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
}

/** The report as a PDF (the bytes). `zone`: the company's clock. */
export async function rollCallPdf(
  report: RollCallReport,
  lang: Language,
  zone: string,
  now = new Date(),
): Promise<Buffer> {
  const s = report.session;
  // Loaded with the first PDF: pdfkit and its fonts are large, and an idle server never needs them.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang,
    displayTitle: true,
    info: {
      Title: `${translate(reportResources, lang, 'reports:emergency_report.title')}: ${s.name}`,
      Creator: 'Front Desk',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFonts(doc);
  const page = new Page(doc, lang);
  const t = page.t.bind(page);

  page.line(s.is_drill ? `${t('title')} · ${t('drill')}` : `${t('title')} · ${t('emergency')}`, {
    bold: true,
    size: 18,
    gap: 4,
  });
  page.line(s.name, { bold: true, size: 14, gap: 2 });
  const someone = t('someone');
  page.line(
    s.origin === 'kiosk' && !s.started_by
      ? t('started_by_kiosk', { at: s.started_at.local, kiosk: s.kiosk?.name ?? someone })
      : t('started', { at: s.started_at.local, by: s.started_by ?? someone }),
    { color: MUTED },
  );
  page.line(
    s.ended_at
      ? t('ended', { at: s.ended_at.local, by: s.ended_by ?? someone })
      : t('running', { at: clockOf(now.toISOString(), zone) }),
    { color: MUTED },
  );
  if (s.areas.length) page.line(t('places', { areas: s.areas.map((a) => a.name).join(', ') }), { color: MUTED });
  page.line(t('counts', { ...s.counts }), { bold: true, gap: 10 });

  page.line(t('milestones'), { bold: true, size: 12 });
  page.line(t('milestones_note'), { size: 8.5, color: MUTED });
  page.table(
    [
      { key: 'milestones', share: 0.2 },
      { key: 'milestone_at', share: 0.45 },
      { key: 'milestone_minutes', share: 0.35 },
    ],
    report.milestones.map((m) => [
      { text: t('milestone_percent', { percent: m.percent }), bold: true },
      { text: m.at ? `${m.at.local.slice(0, 10)} ${clockOf(m.at.at, zone)}` : t('not_reached') },
      { text: m.minutes === null ? '—' : String(m.minutes) },
    ]),
  );

  page.line(`${t('unaccounted')} (${report.unaccounted.length})`, { bold: true, size: 12 });
  if (report.unaccounted.length === 0) page.line(t('unaccounted_none'), { gap: 8 });
  else {
    page.table(
      [
        { key: 'person', share: 0.32 },
        { key: 'company', share: 0.24 },
        { key: 'place', share: 0.24 },
        { key: 'phone', share: 0.2 },
      ],
      report.unaccounted.map((e) => [
        { text: e.full_name, bold: true },
        { text: e.company_name ?? '' },
        { text: [e.site?.name, e.area?.name].filter(Boolean).join(' · ') },
        { text: e.phone ?? '', dir: 'ltr' },
      ]),
    );
  }

  page.line(t('marks'), { bold: true, size: 12 });
  if (report.marks.length === 0) page.line(t('marks_none'));
  else {
    page.table(
      [
        { key: 'time', share: 0.14 },
        { key: 'person', share: 0.34 },
        { key: 'status', share: 0.16 },
        { key: 'by', share: 0.36 },
      ],
      report.marks.map((m) => [
        { text: clockOf(m.at.at, zone) },
        { text: m.full_name },
        { text: t(`statuses.${m.status}`), bold: true },
        { text: m.by ?? t(`sources.${m.source}`), color: m.by ? INK : MUTED },
      ]),
    );
  }

  // Page numbers, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    page.text(
      t('page', { page: i + 1, pages: range.count }),
      { x: page.left, width: page.width, y: doc.page.height - MARGIN - 10 },
      { size: 8, color: MUTED, align: 'center' },
    );
  }
  doc.end();
  return done;
}
