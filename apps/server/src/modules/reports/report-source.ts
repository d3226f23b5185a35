import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ReportName } from '@app/shared/reports/common';
import type { AccessContext } from '../access/access.types';

// A report as an export reads it (issue 14 item 8: "any report view (with its filters and columns)
// exported"). Each report module declares one source beside its screen's query, from the same SQL, and
// registers it in report-sources.ts; the export job knows nothing of any report but this.

/** A cell of a sheet: text, a number, an instant (written on the company's clock), or nothing. */
export type ReportCell = string | number | Date | null;

export type ReportColumn<Row> = {
  /** The grid's column id (what table preferences and an export's column list name). */
  key: string;
  /** Its header: a key of the `reports` catalogue, translated into the requester's language. */
  header: string;
  /** How the sheet shows it: instants as date-time or date on the company's clock, minutes as h:mm. */
  type: 'text' | 'number' | 'datetime' | 'date' | 'minutes';
  /**
   * The cell of a row. Words the screen translates (a state, an event's details) are translated with
   * `cells.text` into the sheet's language, so a sheet never shows a code where the screen shows a word.
   */
  value: (row: Row, cells: CellText) => ReportCell;
};

/** What a cell may say in the sheet's language: a key of the `reports` catalogue, or `visits:<key>`. */
export type CellText = {
  text: (key: string, vars?: Record<string, string | number>) => string;
  /** An instant as the screen shows it, on the company's clock (DD/MM/YYYY HH:mm). */
  moment: (at: Date | string) => string;
};

export type ReportSource<Filters = unknown, Row = unknown> = {
  name: ReportName;
  /**
   * The view's filters and sort as the on-screen report takes them, without paging (an export stores
   * them as given and parses them with this when it runs). Unknown keys are refused.
   */
  filters: z.ZodType<Filters>;
  columns: readonly ReportColumn<Row>[];
  /**
   * Every row of the view in its order, a batch at a time: each batch is read by keyset in its own short
   * tenant transaction (never one long transaction, never OFFSET), so a large export neither holds a
   * snapshot for minutes nor blocks the embedded database between batches. Rows are within `ctx`'s
   * scope exactly as on screen.
   */
  batches(
    app: FastifyInstance,
    ctx: AccessContext,
    filters: Filters,
    options: { batchSize: number },
  ): AsyncIterable<Row[]>;
  /**
   * Optional: how many rows the view has (an estimate will do), when that is cheap to know; an export's
   * progress bar moves against it. Without it the bar shows the rows written so far only.
   */
  count?(app: FastifyInstance, ctx: AccessContext, filters: Filters): Promise<number | null>;
};

/** A source with its types forgotten: what the registry and the export job hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReportSource = ReportSource<any, any>;

/**
 * The batches of a view read by keyset, each in its own short tenant transaction: `read` gives the rows
 * after a key (none: from the start), `keyOf` the key of a batch's last row. Ends on an empty or short batch.
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | null) => Promise<Row[]>,
  keyOf: (last: Row) => Key,
  batchSize: number,
): AsyncIterable<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
