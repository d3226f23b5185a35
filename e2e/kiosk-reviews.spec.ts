import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { pageApi } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { randomMac } from './fixtures/seed-kiosks';
import { expect, test } from './fixtures/test';

// Kiosk reviews (decision 045): a kiosk back online replays a sign-in it accepted offline that the server
// would have refused (the visitor's type needs a permit, and there is none). The admin sees it appear on
// the page by itself, resolves it with a note, and reads the resolved list in Arabic.
const suffix = Math.random().toString(36).slice(2, 8);
const lastName = `Review${suffix}`;
const fullName = `Rita ${lastName}`;
const kioskName = `Review kiosk ${suffix}`;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const row = (page: Page) => page.locator(`[data-testid="kiosk-review-row"][data-name="${fullName}"]`);

test('an offline sign-in the server would refuse is listed live, resolved with a note, and read in Arabic', async ({
  page,
  loginAs,
}) => {
  await loginAs('acmeAdmin');
  const admin = pageApi(page);
  const device = page.context().request;
  const post = async (url: string, data: unknown) => (await admin.post(url, data)) as { id: string };
  const openCount = async () => ((await admin.get('/kiosk-reviews?limit=1')) as { count: number }).count;

  // A site and area, a user type whose visits need a permit, a visitor of it, and a kiosk paired there.
  const site = await post('/sites', { name: `Review site ${suffix}` });
  const area = await post('/areas', { site_id: site.id, name: `Review lobby ${suffix}` });
  const visitors = await post('/user-types', {
    name: `Review visitors ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
    visits_need_permit: true,
  });
  const roles = (await admin.get('/people/roles')) as unknown as { id: string; key: string | null }[];
  let personId: string | null = null;
  let kioskId: string | null = null;
  let reviewId: string | null = null;
  try {
    personId = (
      await post('/people', {
        first_name: 'Rita',
        last_name: lastName,
        email: `rita.review.${suffix}@example.test`,
        role_id: roles.find((r) => r.key === 'employee')!.id,
        site_ids: [site.id],
        user_type_ids: [visitors.id],
      })
    ).id;
    const pairing = await device.post('/api/v1/public/kiosk-pairings', {
      data: { mac_address: randomMac(), app_version: '3.2.1' },
    });
    const { code, secret } = (await pairing.json()) as { code: string; secret: string };
    kioskId = (await post('/kiosks', { code, name: kioskName, area_id: area.id })).id;
    const status = await device.get('/api/v1/public/kiosk-pairings/status', {
      headers: { 'x-kiosk-pairing-secret': secret },
    });
    const token = ((await status.json()) as { device_token: string }).device_token;
    const before = await openCount();

    // The page is open before the kiosk comes back: the review appears without a reload.
    await page.getByTestId('side-menu').getByTestId('menu-kiosk_reviews').click();
    await expect(page).toHaveURL(/\/kiosk-reviews$/);
    await expect(page.getByTestId('kiosk-reviews-live')).toHaveAttribute('data-state', 'live');
    const replay = await device.post('/api/v1/kiosk-device/replay', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        items: [
          {
            kind: 'sign_in',
            idempotency_key: `offline-${suffix}`,
            occurred_at: new Date(Date.now() - 5 * 60_000).toISOString(),
            people: [{ person_id: personId }],
          },
        ],
      },
    });
    expect(replay.status(), await replay.text()).toBe(200);
    const replayed = (await replay.json()) as { results: { status: string; people: { review_id: string | null }[] }[] };
    expect(replayed.results[0]!.status).toBe('needs_review');
    reviewId = replayed.results[0]!.people[0]!.review_id;

    await expect(row(page)).toBeVisible();
    await expect(row(page).getByTestId('kiosk-review-kiosk')).toHaveText(kioskName);
    await expect(row(page).getByTestId('kiosk-review-action')).toHaveText('Signed in');
    await expect(row(page).getByTestId('kiosk-review-reasons')).toContainText(/permit/i);
    await expect(row(page).getByTestId('kiosk-review-visit')).toHaveAttribute('href', /\/reporting\/history\?/);
    await expect(page.getByTestId('menu-kiosk-reviews-count')).toContainText(String(before + 1));
    await expectAccessible(page, 'the open kiosk reviews, with the menu’s count');

    // A note is required; with one, the review is resolved and leaves the open list.
    await row(page)
      .getByRole('button', { name: `Resolve the review of ${fullName}` })
      .click();
    const note = page.getByTestId('kiosk-review-note-input');
    await expect(note).toBeFocused();
    await page.getByTestId('kiosk-review-resolve-confirm').click();
    await expect(page.getByText('Note is required.')).toBeVisible();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the resolve dialog with its error');
    await note.fill('Permit issued afterwards by the front desk.');
    await page.getByTestId('kiosk-review-resolve-confirm').click();
    await expect(toast(page, `The review of ${fullName} is resolved.`)).toBeVisible();
    await expect(row(page)).toHaveCount(0);
    if (before === 0) await expect(page.getByTestId('menu-kiosk-reviews-count')).toHaveCount(0);
    reviewId = null;

    await page.getByTestId('kiosk-reviews-status').getByText('Resolved').click();
    await expect(page).toHaveURL(/\/kiosk-reviews\?status=resolved$/);
    await expect(row(page).getByTestId('kiosk-review-note')).toHaveText('Permit issued afterwards by the front desk.');
    await expect(row(page).getByTestId('kiosk-review-resolution')).toContainText('By Ada Acme');

    // In Arabic: the whole page right to left, the reason in Arabic from the server.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'مراجعات الأكشاك' })).toBeVisible();
    await expect(row(page).getByTestId('kiosk-review-reasons')).toContainText(/[\u0600-\u06FF]/);
    await expect(row(page).getByTestId('kiosk-review-action')).toHaveText('تسجيل دخول');
    await expectAccessible(page, 'the resolved kiosk reviews, in Arabic');
    await page.screenshot({ path: screenPath('kiosk-reviews-ar'), fullPage: true, animations: 'disabled' });
  } finally {
    if (reviewId) await admin.post(`/kiosk-reviews/${reviewId}/resolve`, { note: 'Left by a failed test.' });
    if (kioskId) await admin.delete(`/kiosks/${kioskId}`);
    if (personId) await admin.delete(`/people/${personId}`);
    await admin.delete(`/user-types/${visitors.id}`);
    await admin.delete(`/sites/${site.id}`);
  }
});
