import type { Browser, Page } from '@playwright/test';
import { pageApi } from './fixtures/api';
import { waitForMail } from './fixtures/mail';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import { randomMac } from './fixtures/seed-kiosks';

// RFID enrolment end to end: the admin sends a person instructions for a kiosk, the person opens the
// emailed link on a phone and types the number printed on the card, the admin sees the card. The
// place, the people and the kiosk are this run's own and are removed at the end.
const suffix = Math.random().toString(36).slice(2, 8);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A phone of its own: a separate browser context; a console error fails the test like on the page. */
async function openPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, 'errors on the phone').toEqual([]);
    },
  };
}

test('rfid: instructions sent to a person, enrolled on the phone by the printed number, seen enrolled by the admin', async ({
  page,
  loginAs,
  world,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  const api = pageApi(page);

  // A site with an area and a kiosk in it, a user type, and two people: one with an email, one without.
  const site = (await api.post('/sites', { name: `E2E RFID site ${suffix}` }))!;
  const area = (await api.post('/areas', { site_id: site.id, name: `Entrance ${suffix}` }))!;
  const pairing = await page.request.post('/api/v1/public/kiosk-pairings', { data: { mac_address: randomMac() } });
  const kioskName = `Card kiosk ${suffix}`;
  const kiosk = (await api.post('/kiosks', {
    code: ((await pairing.json()) as { code: string }).code,
    name: kioskName,
    area_id: area.id,
  }))!;
  const userType = (await api.post('/user-types', {
    name: `E2E RFID ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  }))!;
  const lastName = `Card ${suffix}`;
  const email = `rafa.${suffix}@acme.test`;
  const person = (body: Record<string, unknown>) =>
    api.post('/people', {
      last_name: lastName,
      role_id: world.companies.acme.roles.employee,
      site_ids: [site.id],
      user_type_ids: [userType.id],
      ...body,
    });
  const rafa = (await person({ first_name: 'Rafa', email }))!;
  const nour = (await person({ first_name: 'Nour' }))!;

  // The admin list: both without a card.
  await page.goto('/rfid-enrollment');
  await expect(page.getByTestId('rfid-enrollment-page')).toBeVisible();
  await page.getByTestId('rfid-search').fill(lastName);
  const row = (name: string) => page.locator(`[data-testid="rfid-row"][data-name="${name} ${lastName}"]`);
  await expect(page.getByTestId('rfid-row')).toHaveCount(2);
  await expect(row('Rafa').getByTestId('rfid-state')).toHaveText('No card');

  // Send to both: one gets the link, the other is skipped with the reason.
  await row('Rafa').getByTestId('rfid-select-row').check();
  await row('Nour').getByTestId('rfid-select-row').check();
  await page.getByTestId('rfid-send').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2 people receive an email');
  await page.getByTestId('rfid-send-confirm').click();
  await expect(dialog.getByText('Kiosk is required.')).toBeVisible();
  await page.getByTestId('rfid-send-kiosk').click();
  await page.getByRole('option', { name: new RegExp(kioskName) }).click();
  await page.getByTestId('rfid-send-confirm').click();
  const result = page.getByTestId('rfid-send-result');
  await expect(result).toContainText('Enrolment instructions sent to 1 person.');
  await expect(page.getByTestId('rfid-send-skipped')).toContainText(`Nour ${lastName}: no email address`);
  await expect(row('Rafa').getByTestId('rfid-state')).toHaveText('Pending');
  await expect(row('Rafa').getByTestId('rfid-pending-kiosk')).toContainText(kioskName);
  await expect(row('Nour').getByTestId('rfid-state')).toHaveText('No card');

  // The person's mail carries the link.
  const mail = await waitForMail(email, /^Enrol your card for Acme Cloud$/);
  const link = /https?:\/\/\S+\/rfid\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  expect(mail.text).toContain(`${kioskName}`);
  const path = new URL(link!).pathname;

  // On the phone: where to go and the code to type there.
  const phone = await openPhone(browser, baseURL!);
  await phone.page.goto(path);
  await expect(phone.page.getByTestId('rfid-greeting')).toHaveText('Hello Rafa');
  await expect(phone.page.getByTestId('rfid-company')).toHaveText('Acme Cloud');
  await expect(phone.page.getByTestId('rfid-kiosk-name')).toHaveText(kioskName);
  await expect(phone.page.getByTestId('rfid-kiosk-place')).toHaveText(`E2E RFID site ${suffix} › Entrance ${suffix}`);
  await expect(phone.page.getByTestId('rfid-kiosk-code')).toHaveText(/^\d{3} \d{3}$/);
  await phone.page.screenshot({ path: screenPath('rfid-public-en-390'), fullPage: true, animations: 'disabled' });
  await phone.page.setViewportSize(DESKTOP);
  await phone.page.screenshot({ path: screenPath('rfid-public-en-desktop'), fullPage: true, animations: 'disabled' });

  // In Arabic, at phone width: a wrong number is refused, the printed one enrols the card.
  await phone.page.getByTestId('language-switch').click();
  await phone.page.getByTestId('language-ar').click();
  await expect(phone.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(phone.page.getByTestId('rfid-greeting')).toHaveText('مرحباً Rafa');
  await phone.page.screenshot({ path: screenPath('rfid-public-ar-desktop'), fullPage: true, animations: 'disabled' });
  await phone.page.setViewportSize(PHONE);
  await phone.page.screenshot({ path: screenPath('rfid-public-ar-390'), fullPage: true, animations: 'disabled' });
  const card = `E2E${suffix.toUpperCase()}`;
  await phone.page.getByTestId('rfid-manual-number').fill('12');
  await phone.page.getByTestId('rfid-manual-submit').click();
  await expect(phone.page.getByText('أدخل رقم البطاقة: من 4 إلى 32 حرفاً أو رقماً.')).toBeVisible();
  await phone.page.getByTestId('rfid-manual-number').fill(card.toLowerCase());
  await phone.page.getByTestId('rfid-manual-submit').click();
  await expect(phone.page.getByTestId('rfid-enrolled')).toBeVisible();
  await expect(phone.page.getByTestId('rfid-card-ending')).toContainText(card.slice(-4));
  await phone.page.screenshot({
    path: screenPath('rfid-public-enrolled-ar-390'),
    fullPage: true,
    animations: 'disabled',
  });

  // The admin sees the card.
  await page.reload();
  await expect(row('Rafa').getByTestId('rfid-state')).toHaveText('Enrolled');
  await expect(row('Rafa').getByTestId('rfid-card')).toHaveText(card);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: screenPath('rfid-enrollment-en'), fullPage: true, animations: 'disabled' });
  await page.getByTestId('rfid-filter-state').click();
  await page.getByRole('option', { name: 'Enrolled' }).click();
  await expect(page.getByTestId('rfid-row')).toHaveCount(1);

  // Removing the card asks first; the spent link then says it was used.
  await row('Rafa').getByTestId('rfid-remove').click();
  await expect(page.getByRole('dialog')).toContainText(`The card ending in ${card.slice(-4)}`);
  await page.getByTestId('rfid-remove-confirm').click();
  await expect(toast(page, 'Card removed')).toBeVisible();
  await expect(page.getByTestId('rfid-empty')).toBeVisible();
  await phone.page.reload();
  await expect(phone.page.getByTestId('rfid-error-message')).toHaveText(
    'استُخدم رابط التسجيل هذا من قبل. اطلب من المسؤول رابطاً جديداً لتسجيل بطاقة أخرى.',
  );
  await phone.close();

  // The admin screen in Arabic.
  await page.getByTestId('rfid-filter-state').click();
  await page.getByRole('option', { name: 'No card' }).click();
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.getByRole('heading', { name: 'تسجيل بطاقات RFID' })).toBeVisible();
  await expect(page.getByTestId('rfid-row')).toHaveCount(2);
  await page.screenshot({ path: screenPath('rfid-enrollment-ar'), fullPage: true, animations: 'disabled' });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Clean up.
  for (const id of [rafa.id, nour.id]) await api.delete(`/people/${String(id)}`);
  await api.delete(`/kiosks/${String(kiosk.id)}`);
  await api.delete(`/user-types/${String(userType.id)}`);
  await api.delete(`/sites/${String(site.id)}`);
});

test('rfid: an unknown enrolment link says so, on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/rfid/${'x'.repeat(43)}`);
  await expect(page.getByTestId('rfid-error-message')).toHaveText(
    'This enrolment link is not valid. Check that you opened the whole link from the email, or ask your administrator for a new one.',
  );
  await expect(page).toHaveURL(/\/rfid\//);
  await page.screenshot({ path: screenPath('rfid-public-unknown-en-390'), animations: 'disabled' });
});
