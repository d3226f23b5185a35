// The sign-in pages are a document of their own (sign-in.html): they load without the router and the
// signed-in app, move between each other without loading again, and hand over to the app by a full load.
import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { waitForMail } from './fixtures/mail';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';

/** The scripts the page has loaded so far, by file name. */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
      .filter((name) => name.endsWith('.js')),
  );

/** Marks the current document: the mark is gone once the browser loads another one. */
const markDocument = (page: Page) => page.evaluate(() => ((window as { marked?: boolean }).marked = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as { marked?: boolean }).marked === true);

test('a person resets a forgotten password through the sign-in pages, then signs in with the new one', async ({
  page,
  world,
}) => {
  const person = world.people.forgetful;
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // The router and the route table are the app's document's alone.
  expect((await scriptsLoaded(page)).filter((name) => name.startsWith('app-start'))).toEqual([]);

  await markDocument(page);
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByTestId('forgot-email')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  await page.goBack();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.goForward();
  await page.getByTestId('forgot-email').fill(person.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toContainText(person.email);
  await expectAccessible(page, 'reset link sent');
  expect(await sameDocument(page)).toBe(true);

  const mail = await waitForMail(person.email, /Reset your password/);
  const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  const newPassword = 'a new password of Fern';
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-password-confirmation').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await page.screenshot({ path: screenPath('reset-done-en') });

  await markDocument(page);
  await page.getByTestId('reset-go-login').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sameDocument(page)).toBe(true);
  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  // The app started from its own document.
  expect(await sameDocument(page)).toBe(false);

  // Signing out from the app opens the sign-in document again.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('the sign-in pages move between each other in Arabic, right to left', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('forgot-password-link').click();
  await expect(page.getByTestId('forgot-submit')).toHaveText('إرسال رابط إعادة التعيين');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page, 'forgot password in Arabic');
  await page.screenshot({ path: screenPath('forgot-password-ar') });
  await page.getByTestId('back-to-login').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
});
