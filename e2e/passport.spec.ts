import { expectAccessible } from './fixtures/a11y';
import { waitForMail } from './fixtures/mail';
import {
  acmeAdmin,
  linkIn,
  onPhone,
  PASSPORT_PASSWORD as PASSWORD,
  passportByApi,
  passportUrl,
} from './fixtures/passport';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The passport (decision 047), as a new person meets it on a phone: creating it, a company's invitation
// accepted in it, the company's dashboard opened through it; and, in Arabic, signing in to the dashboard
// with a deactivated passport, which the dashboard offers to reactivate. Other tests share the database:
// every address here carries this run's suffix.

const suffix = Math.random().toString(36).slice(2, 8);

/** A person of Acme with this address, invited to its dashboard as an employee. */
async function invitedToAcme(email: string, firstName: string) {
  const world = loadWorld();
  const admin = await acmeAdmin();
  try {
    const site = await admin.post('/sites', { name: `Passport HQ ${suffix} ${firstName}` });
    const type = await admin.post('/user-types', {
      name: `Passport staff ${suffix} ${firstName}`,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    const person = await admin.post('/people', {
      first_name: firstName,
      last_name: 'Tester',
      email,
      role_id: world.companies.acme.roles.employee,
      site_ids: [site.id],
      user_type_ids: [type.id],
    });
    await admin.post('/people/invite', { person_ids: [person.id] });
    return person.id;
  } finally {
    await admin.dispose();
  }
}

test('a new person creates a passport, accepts a company’s invitation in it and opens its dashboard', async ({
  page,
  world,
}) => {
  const email = `paula.${suffix}@example.test`;
  await invitedToAcme(email, 'Paula');
  await onPhone(page);

  await page.goto(`${passportUrl()}/sign-up`);
  await expect(page.getByRole('heading', { name: 'Create your passport' })).toBeVisible();
  await expectAccessible(page, 'passport sign-up');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Paula');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Tester');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my passport' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  // The mailed link confirms the address and signs the person in: home shows the QR identity.
  await page.goto(linkIn((await waitForMail(email, /Confirm your email/)).text));
  await expect(page.getByRole('heading', { name: 'Your passport' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of Paula Tester’s passport' })).toBeVisible();

  // Acme's invitation waits on the home page: accepted with the spec's toast.
  const invitation = page.getByRole('button', { name: `Accept the invitation from ${world.companies.acme.name}` });
  await expect(invitation).toBeVisible();
  await expectAccessible(page, 'passport home with an invitation');
  await page.screenshot({ path: screenPath('passport-home') });
  await invitation.click();
  await expect(page.getByText('Invitation accepted successfully')).toBeVisible();

  // "Open my company dashboard": signed in there with a one-time token, in Acme.
  await page
    .getByRole('link', { name: 'Open my company dashboard' })
    .or(page.getByRole('button', { name: 'Open my company dashboard' }))
    .click();
  await expect(page).toHaveURL(new RegExp(`^${world.baseURL}/`));
  await expect(page.getByTestId('top-bar')).toBeVisible();
});

test('في العربية: تسجيل الدخول إلى لوحة التحكم بجواز غير مفعّل يعرض إعادة تفعيله', async ({ page, world }) => {
  const email = `rania.${suffix}@example.test`;
  await invitedToAcme(email, 'Rania');
  const passport = await passportByApi(email);
  try {
    expect((await passport.post('/api/me/deactivate', { data: { password: PASSWORD } })).status()).toBe(204);
  } finally {
    await passport.dispose();
  }

  // Arabic on both origins: the dashboard and the passport each keep the choice under `language`.
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await page.goto(`/login`);
  await page.getByRole('link', { name: 'تسجيل الدخول بالجواز' }).click();

  // The passport's sign-in for the dashboard, in Arabic: the person signs in there.
  await expect(page).toHaveURL(new RegExp(`^${passportUrl()}/interaction/`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'سجّل الدخول للمتابعة إلى لوحة تحكم شركتك' })).toBeVisible();
  await expectAccessible(page, 'the passport sign-in for the dashboard, in Arabic');
  await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();

  // Back on the dashboard: the passport is deactivated, so 'Reactivate My Passport Account' asks first.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page, 'reactivation dialog in Arabic');
  await page.screenshot({ path: screenPath('passport-reactivate-ar') });
  await dialog.getByRole('button', { name: 'إعادة التفعيل' }).click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${world.baseURL}/`));
});
