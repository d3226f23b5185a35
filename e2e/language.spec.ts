import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

test('switching to Arabic mirrors the whole layout, and back to English', async ({ page, loginAs }) => {
  await loginAs('polyglot');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const viewport = page.viewportSize()!;
  const menu = page.getByTestId('side-menu');
  expect((await menu.boundingBox())!.x).toBeLessThan(viewport.width / 2);

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  // The menu is on the right and speaks Arabic.
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width / 2);
  expect(box.x).toBeGreaterThan(viewport.width / 2);
  // Layla's role reads reports: her home lists what she may open, and the menu its reports.
  await expect(menu.getByTestId('menu-reporting')).toContainText('التقارير');
  await expect(page.getByTestId('tracking-missing')).not.toHaveText(/Tracking code/);
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  await page.screenshot({ path: screenPath('shell-ar'), fullPage: true });

  // Saved in the profile: a new sign-in on a fresh browser opens in Arabic.
  expect(await page.evaluate('window.localStorage.getItem("language")')).toBe('ar');

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(menu.getByTestId('menu-reporting')).toContainText('Reporting');
  expect((await menu.boundingBox())!.x).toBeLessThan(viewport.width / 2);
});

test('Spanish is a full language too', async ({ page, loginAs }) => {
  await page.goto('/login');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-es').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('login-submit')).not.toHaveText(/Sign in/i);
  await loginAs('acmeEmployee', { form: true });
  await expect(page.getByTestId('side-menu').getByTestId('menu-dashboard')).toContainText('Panel');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the login page in Arabic at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.screenshot({ path: screenPath('login-ar-phone'), fullPage: true });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
