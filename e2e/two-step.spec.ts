import { generate } from 'otplib';
import { expect, test } from './fixtures/test';
import { expectAccessible } from './fixtures/a11y';
import { waitForMail } from './fixtures/mail';
import { screenPath } from './fixtures/screens';

const codeAt = (secret: string, offsetSteps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

test('a person enrols two-step with the QR code, then must give a code at sign-in', async ({
  page,
  world,
  loginAs,
}) => {
  await loginAs('twoStepLater', { form: true });
  await page.goto('/account/two-step');
  await page.getByTestId('otp-setup-start').click();
  await expect(page.getByTestId('otp-qr')).toBeVisible();
  const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByTestId('otp-enable-code').fill('000000');
  await page.getByTestId('otp-enable-submit').click();
  await expect(page.getByText(/not correct/i)).toBeVisible();
  await page.getByTestId('otp-enable-code').fill(await codeAt(secret, 0));
  await page.getByTestId('otp-enable-submit').click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes).toBeVisible();
  await expect(codes).toContainText(/[a-z0-9]{5}-[a-z0-9]{5}/);
  await page.screenshot({ path: screenPath('two-step-recovery'), fullPage: true });
  await page.getByTestId('recovery-acknowledge').check();
  await page.getByTestId('recovery-done').click();
  await expect(page.getByTestId('two-step-status')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);

  const person = world.people.twoStepLater;
  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('otp-code')).toBeVisible();
  await page.getByTestId('otp-code').fill('123456');
  await page.getByTestId('otp-submit').click();
  await expect(page.getByTestId('sign-in-error')).toBeVisible();
  await page.getByTestId('otp-code').fill(await codeAt(secret, 1));
  await page.getByTestId('otp-submit').click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an account paused by wrong passwords lets its owner in on the device the emailed link unlocks, in Arabic', async ({
  page,
  world,
  request,
}) => {
  const person = world.people.lockedOut;
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/api/v1/auth/login', { data: { email: person.email, password: `guess ${i}` } });
    expect(res.status()).toBe(401);
  }
  const mail = await waitForMail(person.email, /paused/);
  const link = new URL(mail.text.match(/https?:\/\/\S+unlock-sign-in\?token=[\w-]+/)![0]);

  await page.goto('/login');
  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-in-error')).toContainText('emailed you a link');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('unlock-submit')).toBeVisible();
  await expectAccessible(page, 'unlock page');
  await page.screenshot({ path: screenPath('unlock-sign-in-en'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenPath('unlock-sign-in-en-390'), fullPage: true });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('unlock-submit')).toHaveText('السماح لهذا الجهاز بتسجيل الدخول');
  await expectAccessible(page, 'unlock page in Arabic');
  await page.screenshot({ path: screenPath('unlock-sign-in-ar-390'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.screenshot({ path: screenPath('unlock-sign-in-ar'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByTestId('unlock-done')).toBeVisible();
  await expectAccessible(page, 'unlock done');
  await page.screenshot({ path: screenPath('unlock-sign-in-done-ar-390'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 800 });

  await page.getByTestId('unlock-go-login').click();
  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('top-bar')).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByTestId('unlock-expired')).toBeVisible();
});
