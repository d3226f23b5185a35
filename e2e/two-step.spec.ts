import { generate } from 'otplib';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

const codeAt = (secret: string, offsetSteps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

test('a person enrols two-step with the QR code, then must give a code at sign-in', async ({
  page,
  world,
  loginAs,
}) => {
  await loginAs('twoStepLater');
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
