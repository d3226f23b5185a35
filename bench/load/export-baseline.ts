// The baseline of the export case (bench/cases/reports.ts), PostgreSQL only: bare exceljs streaming
// (its WorkbookWriter, each row committed as written, the export's own settings) of the same rows a
// History export writes — every visit of a range, latest activity first, with the same twenty columns
// (names, places, reasons, hosts) — read by one hand-written SELECT through a PostgreSQL cursor, a
// thousand rows a fetch, in one transaction as the app's role with the company set. Reports rows per
// second and this process's peak RSS.
//   node --import tsx bench/load/export-baseline.ts <settings.json>
import { rmSync, statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { readSettings, writeResult } from './child-io';

export type ExportBaselineSettings = {
  location: string;
  entityId: string;
  start: string;
  end: string;
  file: string;
  out: string;
};

export type ExportBaselineResult = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  peakRssMb: number;
  startRssMb: number;
};

const FETCH = 1_000;
const HEADERS = [
  'Person',
  'Email',
  'Company',
  'User type',
  'Site',
  'Area',
  'State',
  'Stage',
  'Expected',
  'Signed in',
  'Signed out',
  'Duration',
  'Hosts',
  'Signed in by',
  'Signed out by',
  'Late reason',
  'Early reason',
  'Temperature',
  'Mask',
  'Notes',
];

const s = readSettings<ExportBaselineSettings>();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const startRss = process.memoryUsage.rss();
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);

const client = new pg.Client({ connectionString: s.location });
await client.connect();
const started = performance.now();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: s.file, useStyles: true, useSharedStrings: false });
const sheet = workbook.addWorksheet('History', { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = HEADERS.map((header) => ({ header, width: 18 }));
sheet.getRow(1).commit();
let rows = 0;
await client.query(
  `begin; select set_config('app.entity_id', $$${s.entityId.replace(/[^0-9a-f-]/gi, '')}$$, true), set_config('role', 'app_user', true)`,
);
await client.query({
  text: `declare export_rows no scroll cursor for
    select p.first_name || ' ' || p.last_name, p.email, p.company_name, ut.name, st.name, a.name, v.state, v.stage,
      v.expected_at, v.signed_in_at, v.signed_out_at,
      floor(extract(epoch from v.signed_out_at - v.signed_in_at) / 60)::int,
      (select string_agg(h.first_name || ' ' || h.last_name, ', ' order by h.first_name, h.last_name, h.id)
         from visit_hosts vh join people h on h.entity_id = vh.entity_id and h.id = vh.person_id
        where vh.entity_id = v.entity_id and vh.visit_id = v.id),
      v.sign_in_source, v.sign_out_source, lr.name, er.name, v.temperature_c::float8, v.mask, v.notes
    from visits v
    join people p on p.entity_id = v.entity_id and p.id = v.person_id
    join sites st on st.entity_id = v.entity_id and st.id = v.site_id
    join areas a on a.entity_id = v.entity_id and a.id = v.area_id
    left join user_types ut on ut.entity_id = v.entity_id and ut.id = v.user_type_id
    left join attendance_reasons lr on lr.entity_id = v.entity_id and lr.id = v.late_reason_id
    left join attendance_reasons er on er.entity_id = v.entity_id and er.id = v.early_reason_id
    where v.entity_id = '${s.entityId.replace(/[^0-9a-f-]/gi, '')}'
      and v.activity_at >= '${new Date(s.start).toISOString()}' and v.activity_at < '${new Date(s.end).toISOString()}'
    order by v.activity_at desc, v.id desc`,
});
for (;;) {
  const res = await client.query({ text: `fetch ${FETCH} from export_rows`, rowMode: 'array' });
  for (const row of res.rows as unknown[][]) {
    sheet.addRow(row.map((cell) => (typeof cell === 'boolean' ? (cell ? 'yes' : 'no') : cell))).commit();
    rows++;
  }
  if (res.rows.length < FETCH) break;
}
await client.query('commit');
sheet.commit();
await workbook.commit();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
await client.end();
const bytes = statSync(s.file).size;
rmSync(s.file, { force: true });
const result: ExportBaselineResult = {
  rows,
  seconds,
  rowsPerSecond: rows / seconds,
  bytes,
  peakRssMb: mb(peak),
  startRssMb: mb(startRss),
};
writeResult(s.out, result);
