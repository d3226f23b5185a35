import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { signInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { PHONE } from './fixtures/visitor-phone';
import { loadWorld } from './fixtures/world';

// Live capacity (decision 054): an admin gives a site a capacity of 2 on the Sites page (its desk takes
// 50 visitors a day) and asks for an admin's approval when a place is full; the dashboard's occupancy
// card follows two sign-ins live to "2 / 2 Full"; a third sign-in at the desk is refused with the
// server's words and waits on the card; in Arabic the admin approves it, the person's next sign-in goes
// through and the card reads over capacity. The company's settings and the limits are put back afterwards.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Capacity HQ ${suffix}`;
const AREA = `Capacity desk ${suffix}`;
const [ADA, BEN, CAL] = ['Ada', 'Ben', 'Cal'].map((first) => `${first} Capacity${suffix}`) as [string, string, string];
const DESKTOP = { width: 1366, height: 800 };

test.use({ viewport: DESKTOP });

/** The card's row of the test's site. */
const siteRow = (page: Page) => page.locator(`[data-testid="occupancy-place"][data-kind="site"][data-name="${SITE}"]`);

async function expectOnSite(row: Locator, text: string, level: string) {
  await expect(row.getByTestId('occupancy-on_site-text')).toHaveText(text);
  await expect(row.getByTestId('occupancy-on_site-level')).toHaveText(level);
}

async function shoot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(`${name}-desktop`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: screenPath(`${name}-390`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
}

test('capacity: a site’s limit and the approval mode set, occupancy followed live, a refused sign-in approved in Arabic', async ({
  page,
  loginAs,
}) => {
  const api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: SITE,
    area: AREA,
    type: `Capacity visitors ${suffix}`,
    journey: `Capacity journey ${suffix}`,
  });
  const addPerson = (name: string) => place.addPerson(name, `${name.split(' ')[0]!.toLowerCase()}.${suffix}@acme.test`);
  const [ada, ben, cal] = [await addPerson(ADA), await addPerson(BEN), await addPerson(CAL)];
  const signIn = (personId: string) =>
    api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: [{ person_id: personId }] });
  const settingsBefore = await api.call<Record<string, unknown>>('GET', '/capacity/settings');
  // The desk also takes at most 50 visitors a day (made through the API: the site's form is the one tried).
  await api.call('PUT', `/areas/${place.areaId}`, { name: AREA, daily_visitor_limit: 50 });
  try {
    await loginAs('acmeAdmin');

    // Sites: the site gets a capacity; a wrong number is said to be wrong, never changed.
    await page.goto('/sites');
    await page.getByTestId('sites-search').fill(SITE);
    const row = page.locator(`[data-testid="sites-row"][data-name="${SITE}"]`);
    await expect(row.getByTestId('site-area-count')).toHaveText('1 area');
    await row.getByTestId('site-edit').click();
    const form = page.getByRole('dialog', { name: `Edit ${SITE}` });
    const capacity = form.getByTestId('site-capacity');
    await expect(capacity).toHaveValue('');
    await capacity.fill('2.5');
    await form.getByTestId('site-save').click();
    await expect(
      form.getByText('Capacity must be a whole number from 1 to 100,000, or empty for no limit.'),
    ).toBeVisible();
    await expect(capacity).toHaveValue('2.5');
    await capacity.fill('2');
    await expect(form.getByText(/Capacity must be/)).toHaveCount(0);
    await expectAccessible(page, 'the site form with its limits');
    await form.getByTestId('site-limits').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenPath('capacity-site-form-en') });
    await form.getByTestId('site-save').click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('place-capacity')).toHaveText('Capacity 2');
    await expect(page.getByText('Site Updated', { exact: true })).toBeVisible();
    await page.locator('.mantine-Notification-closeButton').click();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.locator(`[data-testid="tree-site"][data-site-name="${SITE}"]`).getByTestId('tree-site-toggle').click();
    const treeArea = page.locator(`[data-testid="tree-area"][data-area-name="${AREA}"]`);
    await expect(treeArea.getByTestId('place-daily-limit')).toHaveText('50 visitors a day');
    await page.screenshot({ path: screenPath('capacity-sites-en') });

    // An area signed in to only by check-ins takes no capacity: the input says why (nothing is saved).
    await treeArea.getByTestId('area-edit').click();
    const areaForm = page.getByRole('dialog', { name: `Edit ${AREA}` });
    await areaForm.getByTestId('area-login-mode').click();
    await page.getByRole('option', { name: 'Check in only' }).click();
    await expect(areaForm.getByTestId('area-capacity')).toBeDisabled();
    await expect(areaForm.getByText(/Check-ins keep nobody on site/)).toBeVisible();
    await expect(areaForm.getByTestId('area-daily-limit')).toBeEnabled();
    await page.screenshot({ path: screenPath('capacity-area-form-en') });
    await areaForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(areaForm).toBeHidden();

    // Capacity settings: a full place asks for an admin's approval.
    await page.getByTestId('capacity-settings-open').click();
    const settings = page.getByRole('dialog', { name: 'Capacity settings' });
    await expect(settings.getByTestId('capacity-settings-nearing')).toHaveValue('80 %');
    await expect(settings.getByTestId('capacity-settings-types-all')).toHaveText('None chosen: every visit counts.');
    await settings.getByText('Ask an admin’s approval', { exact: true }).click();
    await expect(settings.getByRole('radio', { name: 'Ask an admin’s approval' })).toBeChecked();
    await expect(settings.getByText(/once an admin approves it/)).toBeVisible();
    await expectAccessible(page, 'the capacity settings');
    await page.screenshot({ path: screenPath('capacity-settings-en') });
    await settings.getByTestId('capacity-settings-save').click();
    await expect(settings).toBeHidden();

    // The dashboard: the site at 0 / 2, then two sign-ins followed live.
    await page.goto('/');
    const site = siteRow(page);
    await expectOnSite(site, '0 / 2 on site', 'Low');
    await signIn(ada);
    await signIn(ben);
    await expectOnSite(site, '2 / 2 on site', 'Full');
    // The desk, under its site: its people on site plainly, today's visitors against its daily limit.
    const desk = page.locator(`[data-testid="occupancy-place"][data-kind="area"][data-name="${AREA}"]`);
    await expect(desk.getByTestId('occupancy-on_site-text')).toHaveText('2 on site');
    await expect(desk.getByTestId('occupancy-visitors_today-text')).toHaveText('Visitors today 2 / 50');
    await expect(desk.getByTestId('occupancy-visitors_today-level')).toHaveText('Low');

    // A third sign-in at the desk is refused with why, and waits for approval on the card, live.
    await page.getByTestId('quick-sign-in').click();
    await page.getByTestId('quick-sign-in-person').fill(CAL);
    await page.getByRole('option', { name: CAL }).click();
    await page.getByTestId('quick-sign-in-area').click();
    await page.getByRole('option', { name: AREA }).click();
    await page.getByTestId('quick-sign-in-next').click();
    await page.getByTestId('flow-submit').click();
    const refusal = page.getByTestId('flow-refusal');
    await expect(refusal).toContainText(`${SITE} is full`);
    await expect(refusal).toContainText('An admin has been asked to approve');
    await expect(page.getByTestId('flow-submit')).not.toHaveAttribute('data-loading');
    await page.screenshot({ path: screenPath('capacity-desk-refused-en') });
    await page.keyboard.press('Escape');
    const approval = page.locator(`[data-testid="capacity-approval"][data-person="${CAL}"]`);
    await expect(approval.getByTestId('capacity-approval-reason')).toHaveText(`${SITE} is at capacity`);
    await expect(approval.getByTestId('capacity-approval-asked')).toContainText('Dashboard');
    await expectAccessible(page, 'the dashboard with occupancy');
    await shoot(page, 'capacity-dashboard-en');

    // In Arabic, right to left: the admin approves; the person's next sign-in goes through.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectOnSite(site, '2 من 2 في الموقع', 'ممتلئ');
    await expect(approval.getByTestId('capacity-approval-reason')).toHaveText(`اكتملت السعة في ${SITE}`);
    await expectAccessible(page, 'the dashboard with occupancy in Arabic');
    await shoot(page, 'capacity-dashboard-ar');
    await approval.getByTestId('capacity-approve').click();
    await expect(page.getByText(`تمت الموافقة على ${CAL}`, { exact: false })).toBeVisible();
    await expect(approval).toHaveCount(0);
    // The decided request's buttons are gone: focus is back on the card.
    await expect(page.getByRole('heading', { name: 'الإشغال' })).toBeFocused();
    await page.locator('.mantine-Notification-closeButton').click();
    await expect(page.getByTestId('capacity-approvals')).toHaveCount(0);
    await signIn(cal);
    await expectOnSite(site, '3 من 2 في الموقع', 'تجاوز السعة');
    await expect(site.getByTestId('occupancy-on_site')).toHaveAttribute('data-level', 'over');
    await shoot(page, 'capacity-over-ar');
  } finally {
    await api.call('PUT', '/me/lang', { lang: 'en' }).catch(() => undefined);
    await api.call('PUT', '/capacity/settings', settingsBefore).catch(() => undefined);
    // The site's limit goes, so the company's other tests see the dashboard as it was.
    await api.call('PUT', `/sites/${place.siteId}`, { name: SITE, capacity: null }).catch(() => undefined);
    await api.call('PUT', `/areas/${place.areaId}`, { name: AREA, daily_visitor_limit: null }).catch(() => undefined);
    const here = await api.call<{ data: { id: string }[] }>(
      'GET',
      `/visits?count=on_site&site_id=${place.siteId}&limit=100`,
    );
    if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
    await api.dispose();
  }
});
