import { expectAccessible } from './fixtures/a11y';
import { acmeAdmin, onPhone, passportByApi, passportUrl, signedInAs } from './fixtures/passport';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// Signing in on site from the phone (decision 047): Acme's garden has a geofence and a remote journey;
// the person's browser grants its position, inside the fence and then far from it. Other tests share
// the database: every name here carries this run's suffix.

const suffix = Math.random().toString(36).slice(2, 8);
const GARDEN = { latitude: 25.2048, longitude: 55.2708 };
/** `metres` north of the garden's centre. */
const north = (metres: number) => ({
  latitude: GARDEN.latitude + (metres / (2 * Math.PI * 6_371_008.8)) * 360,
  longitude: GARDEN.longitude,
  accuracy: 10,
});

/** An Acme person whose user type has a remote journey at a fenced garden (150 m). */
async function gardenVisitor(email: string, firstName: string) {
  const admin = await acmeAdmin();
  try {
    const siteName = `Garden ${suffix} ${firstName}`;
    const site = await admin.post('/sites', {
      name: siteName,
      location: { ...GARDEN, radius: 150, location_name: 'Creek road' },
    });
    await admin.post('/areas', { site_id: site.id, name: 'Gate' });
    const type = await admin.post('/user-types', {
      name: `Gardeners ${suffix} ${firstName}`,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    const journey = await admin.post('/journeys', {
      name: `Phone ${suffix} ${firstName}`,
      site_ids: [site.id],
      remote: true,
    });
    await admin.post(`/journeys/${journey.id}/flows`, { user_type_ids: [type.id] });
    await admin.post('/people', {
      first_name: firstName,
      last_name: 'Tester',
      email,
      role_id: loadWorld().companies.acme.roles.employee,
      site_ids: [site.id],
      user_type_ids: [type.id],
    });
    return siteName;
  } finally {
    await admin.dispose();
  }
}

test('signs in from a phone inside the geofence, and cannot sign out from far away', async ({ page }) => {
  const email = `gina.${suffix}@example.test`;
  const siteName = await gardenVisitor(email, 'Gina');
  const passport = await passportByApi(email, { firstName: 'Gina', lang: 'en' });
  await signedInAs(page, passport);
  await passport.dispose();
  await onPhone(page);
  await page.context().grantPermissions(['geolocation'], { origin: passportUrl() });
  await page.context().setGeolocation(north(40));

  await page.goto(`${passportUrl()}/`);
  await page.getByRole('link', { name: 'Sign in on site' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in on site' })).toBeVisible();
  await page.getByTestId('on-site-locate').click();
  const card = page.getByTestId('place-card').filter({ hasText: siteName });
  await expect(card.getByTestId('place-distance')).toHaveText('You are here (40 m from the centre).');
  await expectAccessible(page, 'passport sign-in on site, inside');
  await card.getByTestId('place-sign-in').click();
  await expect(page.getByText(/signed in/i).first()).toBeVisible();
  await expect(card.getByText(/Signed in at Gate since/)).toBeVisible();
  await page.screenshot({ path: screenPath('passport-on-site') });

  // Three kilometres away: the phone says how far, and signing out waits until the person is back.
  await page.context().setGeolocation(north(3000));
  await page.getByTestId('on-site-locate').click();
  await expect(card.getByTestId('place-distance')).toHaveText(
    'You are 2.9 km away. Within 150 m of the site you can sign in.',
  );
  await expect(card.getByTestId('place-sign-out')).toBeDisabled();

  // The visit shows in the passport's visits, on site.
  await page.goto(`${passportUrl()}/visits`);
  await expect(page.getByTestId('visits-recent').getByTestId('visit-card').filter({ hasText: siteName })).toContainText(
    'On site',
  );
  await expectAccessible(page, 'passport visits');
});

test('في العربية: خارج النطاق يقول كم يبعد، وداخله يسجّل الدخول', async ({ page }) => {
  const email = `hala.${suffix}@example.test`;
  const siteName = await gardenVisitor(email, 'Hala');
  const passport = await passportByApi(email, { firstName: 'Hala', lang: 'ar' });
  await signedInAs(page, passport);
  await passport.dispose();
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await onPhone(page);
  await page.context().grantPermissions(['geolocation'], { origin: passportUrl() });
  await page.context().setGeolocation(north(400));

  await page.goto(`${passportUrl()}/on-site`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('on-site-locate').click();
  const card = page.getByTestId('place-card').filter({ hasText: siteName });
  await expect(card.getByTestId('place-distance')).toContainText('أنت على بُعد');
  await expect(card.getByTestId('place-sign-in')).toBeDisabled();
  await expectAccessible(page, 'passport sign-in on site, outside, in Arabic');
  await page.screenshot({ path: screenPath('passport-on-site-ar') });

  await page.context().setGeolocation(north(150));
  await page.getByTestId('on-site-locate').click();
  await expect(card.getByTestId('place-distance')).toContainText('أنت هنا');
  await card.getByTestId('place-sign-in').click();
  await expect(card.getByTestId('place-sign-out')).toBeVisible();

  // Its visits in Arabic: the one just begun, on site.
  await page.goto(`${passportUrl()}/visits`);
  await expect(page.getByTestId('visits-recent').getByTestId('visit-card').filter({ hasText: siteName })).toContainText(
    'في الموقع',
  );
  await expectAccessible(page, 'passport visits in Arabic');
  await page.screenshot({ path: screenPath('passport-visits-ar') });
});
