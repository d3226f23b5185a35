import { expectAccessible } from './fixtures/a11y';
import { acmeAdmin, onPhone, passportByApi, passportUrl, signedInAs } from './fixtures/passport';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// Face sign-in consent from the passport (decision 050): while Acme offers face sign-in, the holder's
// profile page lists it; consent is given and withdrawn there, in English and in Arabic.

const suffix = Math.random().toString(36).slice(2, 8);

test('a holder agrees to face sign-in at a company from the passport and withdraws it, in English and Arabic', async ({
  page,
}) => {
  const admin = await acmeAdmin();
  await admin.put('/face-settings', { enabled: true });
  try {
    const site = await admin.post('/sites', { name: `Face ${suffix}` });
    const type = await admin.post('/user-types', {
      name: `Face guests ${suffix}`,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    for (const [lang, first] of [
      ['en', 'Farid'],
      ['ar', 'Fatima'],
    ] as const) {
      const email = `${first.toLowerCase()}.${suffix}@example.test`;
      await admin.post('/people', {
        first_name: first,
        last_name: 'Tester',
        email,
        role_id: loadWorld().companies.acme.roles.employee,
        site_ids: [site.id],
        user_type_ids: [type.id],
      });
      const passport = await passportByApi(email, { firstName: first, lang });
      await page.context().clearCookies();
      await signedInAs(page, passport);
      await passport.dispose();
      await onPhone(page);
      await page.goto(`${passportUrl()}/profile`);
      const card = page.getByTestId('face-sign-in');
      await expect(card).toBeVisible();
      await expect(card).toContainText(lang === 'en' ? '128 numbers' : '128 رقمًا');
      const acme = card.getByTestId('face-company').filter({ hasText: loadWorld().companies.acme.name });
      await expect(acme.getByTestId('face-company-state')).toHaveText(
        lang === 'en' ? 'You have not agreed.' : 'لم توافق بعد.',
      );
      await expectAccessible(page, `passport face sign-in ${lang}`);
      await acme.getByTestId('face-give').click();
      await expect(acme.getByTestId('face-company-state')).toContainText(
        lang === 'en' ? 'once the company has your profile photo' : 'صورتك الشخصية',
      );
      await page.screenshot({ path: screenPath(`passport-face-${lang}-390`), fullPage: true });
      await page.reload();
      await acme.getByTestId('face-withdraw').click();
      await expect(acme.getByTestId('face-give')).toBeVisible();
      await expectAccessible(page, `passport face sign-in withdrawn ${lang}`);
    }
  } finally {
    await admin.put('/face-settings', { enabled: false });
    await admin.dispose();
  }
});
