import { expectAccessible } from './fixtures/a11y';
import { acmeAdmin, onPhone, passportByApi, passportUrl, signedInAs } from './fixtures/passport';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';

// A visit Acme expects, confirmed from the passport (decision 047): the passport lists it, its
// pre-registration form is filled from the passport, and the success page leads back. Other tests share
// the database: every name here carries this run's suffix.

const suffix = Math.random().toString(36).slice(2, 8);

/** Acme's self-registration link of a visitor type at a site of this run; its id. */
async function selfRegistrationLink() {
  const admin = await acmeAdmin();
  try {
    const site = await admin.post('/sites', { name: `Tower ${suffix}` });
    await admin.post('/areas', { site_id: site.id, name: 'Lobby' });
    const type = await admin.post('/user-types', {
      name: `Guests ${suffix}`,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    const journey = await admin.post('/journeys', { name: `Tower desk ${suffix}`, site_ids: [site.id] });
    await admin.post(`/journeys/${journey.id}/flows`, { user_type_ids: [type.id] });
    const qr = await admin.get<{ url: string }>(`/user-types/${type.id}/qr`);
    return qr.url.split('/').pop()!;
  } finally {
    await admin.dispose();
  }
}

test('registers a visit from a pre-registration link, its form filled from the passport', async ({ page, world }) => {
  const email = `vera.${suffix}@example.test`;
  const link = await selfRegistrationLink();
  const passport = await passportByApi(email, { firstName: 'Vera', lang: 'en' });
  expect((await passport.patch('/api/me', { data: { phone: '+971501234567' } })).ok()).toBe(true);
  await signedInAs(page, passport);
  await passport.dispose();
  await onPhone(page);

  // The company's form offers the passport; the passport asks before it shares the person's details.
  await page.goto(`/pre-registration/${link}`);
  await page.getByTestId('passport-fill').click();
  await expect(page.getByTestId('share-page')).toBeVisible();
  await expectAccessible(page, 'passport share page');
  await page.getByTestId('share-fill').click();

  // Back on Acme's form: name, email and phone come from the passport.
  await expect(page).toHaveURL(new RegExp(`^${world.baseURL}/pre-registration/${link}$`));
  await expect(page.getByTestId('passport-filled')).toBeVisible();
  await expect(page.getByTestId('pre-registration-first-name')).toHaveValue('Vera');
  await expect(page.getByTestId('pre-registration-last-name')).toHaveValue('Tester');
  await expect(page.getByTestId('pre-registration-email')).toHaveValue(email);
  await expect(page.getByTestId('pre-registration-phone')).toHaveValue('501234567');
  await expectAccessible(page, 'pre-registration filled from the passport');
  await page.screenshot({ path: screenPath('passport-filled-form') });
  await page.getByTestId('pre-registration-submit').click();
  // The success page is the new visit's own (its link), reached from the passport's flow.
  await expect(page).toHaveURL(/\/pre-registration\/[\w-]+\/success\?.*comingFromPassport=true$/);
  // The form's toast sits over the page's foot on a phone, and a pointer resting on it keeps it open:
  // the pointer leaves, and the toast closes by itself before the link is tapped.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Created successfully')).toBeHidden({ timeout: 15_000 });
  await page.getByTestId('success-back-to-passport').click();

  // The passport lists the visit Acme now expects.
  await expect(page).toHaveURL(`${passportUrl()}/visits`);
  const card = page
    .getByTestId('visits-upcoming')
    .getByTestId('visit-card')
    .filter({ hasText: `Tower ${suffix}` });
  await expect(card).toContainText('Expected');
});
