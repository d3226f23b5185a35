import { request } from '@playwright/test';
import { blockingViolations } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// The device reports: a queued badge print is reprinted (a new queued row) and the reprint cancelled
// after its confirmation; the kiosk logs list the kiosk added on this run's site. In English and
// Arabic. Everything is made through the API on a site of this run's own, which the pages filter to.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Print site ${suffix}`;
const AREA = `Print lobby ${suffix}`;
const PRINTED = `Priya Print${suffix}`;
const KIOSK = `E2E kiosk ${suffix}`;

let api: ApiCaller;
let site = '';
let kiosk = '';
let visit = '';

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: SITE,
    area: AREA,
    type: `E2E Print crew ${suffix}`,
    journey: `E2E Print ${suffix}`,
  });
  site = place.siteId;
  const area = place.areaId;
  const person = await place.addPerson(PRINTED, `priya.print.${suffix}@example.test`);
  const signedIn = await api.call<{ data: { id: string }[] }>('POST', '/visits/sign-in', {
    area_id: area,
    people: [{ person_id: person }],
  });
  visit = signedIn.data[0]!.id;
  await api.call('POST', `/visits/${visit}/badge-prints`, {});

  // A kiosk asks for a pairing code and the admin adds it to the area: the log's first event.
  const mac = [
    '02',
    ...Array.from({ length: 5 }, () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0'),
    ),
  ];
  const pairing = await request.newContext({ baseURL: loadWorld().baseURL });
  const code = await (
    await pairing.post('/api/v1/public/kiosk-pairings', { data: { mac_address: mac.join(':') } })
  ).json();
  await pairing.dispose();
  kiosk = (
    await api.call<{ id: string }>('POST', '/kiosks', {
      code: (code as { code: string }).code,
      name: KIOSK,
      area_id: area,
    })
  ).id;
});

test.afterAll(async () => {
  await api.call('POST', '/visits/sign-out', { visit_ids: [visit] }).catch(() => undefined);
  await api.call('DELETE', `/kiosks/${kiosk}`).catch(() => undefined);
  await api.call('DELETE', '/table-preferences/reporting-printer');
  await api.call('DELETE', '/table-preferences/reporting-kiosk-logs');
  await api.dispose();
});

test('reprints a queued badge as a new queued print and cancels it; the kiosk logs list the kiosk added, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');

  await page.goto(`/reporting/printer?site_id=${site}`);
  await expect(page.getByRole('heading', { name: 'Print queue' })).toBeVisible();
  const rows = page.getByTestId('printer-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-name', PRINTED);
  await expect(rows.first()).toHaveAttribute('data-status', 'queued');

  await rows.first().getByTestId('print-reprint').click();
  await expect(rows).toHaveCount(2);
  // The reprint is the newest, queued; the original stays as it was.
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'queued');
  await expect(rows.nth(0)).toContainText('Reprint');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'queued');

  await rows.nth(0).getByTestId('print-cancel').click();
  await page.getByTestId('print-cancel-confirm').click();
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'cancelled');
  await expect(rows.nth(0).getByTestId('print-status')).toHaveText('Cancelled');
  await expect(rows.nth(0).getByTestId('print-cancel')).toBeDisabled();
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'queued');
  await page.screenshot({ path: screenPath('reports-printer-en'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'قائمة الطباعة' })).toBeVisible();
  await expect(rows.nth(0).getByTestId('print-status')).toHaveText('ملغاة');
  await page.screenshot({ path: screenPath('reports-printer-ar'), animations: 'disabled' });

  await page.goto(`/reporting/kiosk-logs?kiosk_id=${kiosk}`);
  await expect(page.getByRole('heading', { name: 'سجلات الأكشاك' })).toBeVisible();
  const events = page.getByTestId('kiosk-logs-row');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toHaveAttribute('data-kind', 'added');
  await expect(events.first()).toContainText(`اقتُرن وأُضيف إلى ${AREA}`);
  await page.screenshot({ path: screenPath('reports-kiosk-logs-ar'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(events.first().getByTestId('kiosk-log-kind')).toHaveText('Added');
  await expect(events.first()).toContainText(`Paired and added to ${AREA}`);
  await page.screenshot({ path: screenPath('reports-kiosk-logs-en'), animations: 'disabled' });
});
