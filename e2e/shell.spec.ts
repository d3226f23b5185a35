import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

test.describe('app shell', () => {
  test('an admin signs in and lands on the dashboard inside the shell', async ({ page, loginAs }) => {
    await loginAs('acmeAdmin', { form: true });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('visits-dashboard')).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText('Acme Cloud');
    await expect(page.getByTestId('user-name')).toContainText('Ada Acme');
    const menu = page.getByTestId('side-menu');
    for (const item of ['passport', 'company', 'dashboard', 'users', 'sites', 'reporting', 'settings', 'journeys']) {
      await expect(menu.getByTestId(`menu-${item}`)).toBeVisible();
    }
    // Only the 'System admin' role sees the System section.
    await expect(menu.getByText('System', { exact: true })).toHaveCount(0);
    const footer = page.getByTestId('footer');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(page.getByTestId('tracking-missing')).toHaveText(/Tracking code is missing/);
    await expect(page.getByTestId('quick-link-add_visits')).toBeVisible();
    await page.screenshot({ path: screenPath('shell-en'), fullPage: true });

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page is a document of its own: opening another address while it still loads aborts it.
    await expect(page.getByTestId('login-email')).toBeVisible();
    await page.goto('/company');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every area is built: nothing says "Soon" in the menu or the top bar, and Integrations opens its list', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeAdmin');
    const menu = page.getByTestId('side-menu');
    for (const item of [
      'dashboard',
      'users',
      'sites',
      'reporting',
      'journeys',
      'compliances',
      'integration',
      'emergency',
      'passport',
    ]) {
      await expect(menu.getByTestId(`menu-${item}`).getByTestId('menu-soon')).toHaveCount(0);
    }
    await expect(page.getByTestId('quick-link-emergency_list').getByTestId('quick-link-soon')).toHaveCount(0);
    await expect(page.getByTestId('quick-link-add_visits').getByTestId('quick-link-soon')).toHaveCount(0);
    await menu.getByTestId('menu-settings').click();
    await expect(menu.getByTestId('menu-privacy_manager')).toBeVisible();
    await expect(menu.getByTestId('menu-privacy_manager').getByTestId('menu-soon')).toHaveCount(0);
    await expect(menu.getByTestId('menu-user_types').getByTestId('menu-soon')).toHaveCount(0);
    await menu.getByTestId('menu-integration').click();
    await expect(page.getByTestId('integrations-page')).toBeVisible();
    await expect(page.getByTestId('coming-soon-page')).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('integrations-page')).toBeVisible();
    await expect(menu.getByTestId('menu-integration').getByTestId('menu-soon')).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  test('an employee sees only what the role allows', async ({ page, loginAs }) => {
    await loginAs('acmeEmployee');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-dashboard')).toBeVisible();
    await expect(menu.getByTestId('menu-passport')).toBeVisible();
    for (const item of ['company', 'users', 'sites', 'reporting', 'settings', 'emergency']) {
      await expect(menu.getByTestId(`menu-${item}`)).toHaveCount(0);
    }
  });

  test('the back button reloads the page after half a second, unless the person has moved on', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeAdmin');
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-sites').click();
    await expect(page).toHaveURL(/\/sites$/);
    await menu.getByTestId('menu-announcements').click();
    await expect(page).toHaveURL(/\/announcements$/);
    // A marker on the window is gone only after a real reload.
    await page.evaluate('window.stayed = true');
    const reloaded = page.waitForEvent('load');
    await page.goBack();
    await expect(page).toHaveURL(/\/sites$/);
    await reloaded;
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(await page.evaluate('window.stayed === true')).toBe(false);

    // Back, then on to another page at once: that page is not reloaded under the person.
    await menu.getByTestId('menu-announcements').click();
    await expect(page).toHaveURL(/\/announcements$/);
    await page.evaluate('window.stayed = true');
    // Back, and the next page chosen as soon as the back is handled: in the page, so a busy machine's
    // round trips between the test and the browser cannot stretch the moment past half a second.
    await page.evaluate(`new Promise((resolve) => {
      window.addEventListener('popstate', () => setTimeout(() => {
        document.querySelector('[data-testid="side-menu"] [data-testid="menu-company"]').click();
        resolve();
      }, 0), { once: true });
      history.back();
    })`);
    await expect(page).toHaveURL(/\/company$/);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate('window.stayed === true')).toBe(true);
  });

  test('the menu groups are buttons reached with Tab, opened with Enter and closed with Space', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeAdmin');
    const menu = page.getByTestId('side-menu');
    const reporting = menu.getByTestId('menu-reporting');
    const settings = menu.getByTestId('menu-settings');
    await menu.getByTestId('menu-sites').focus();
    await page.keyboard.press('Tab');
    await expect(reporting).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(settings).toBeFocused();
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('button', { name: /^Settings/ })).toBeVisible();

    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    const group = page.locator(`[id="${await settings.getAttribute('aria-controls')}"]`);
    await expect(group.getByTestId('menu-user_types')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(group.getByTestId('menu-user_types')).toBeFocused();

    await settings.focus();
    await page.keyboard.press('Space');
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await expect(group.getByTestId('menu-user_types')).toBeHidden();
  });

  test('the platform admin with the System admin role sees the System section', async ({ page, loginAs }) => {
    await loginAs('platformAdmin');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-system_companies')).toBeVisible();
    await menu.getByTestId('menu-system_companies').click();
    await expect(page.getByTestId('companies-table')).toContainText('Solo Standalone');
    const solo = page.locator('[data-testid="companies-row"][data-name="Solo Standalone"]');
    await expect(solo.getByTestId('change-package')).toHaveText('Change package');
    await solo.getByTestId('change-package').click();
    await expect(page.getByRole('dialog')).toContainText('Choose the package and plan of Solo Standalone.');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the menu can be unpinned and expands on hover, and stays as chosen after a reload', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeAdmin');
    const menu = page.getByTestId('side-menu');
    const pinnedWidth = (await menu.boundingBox())!.width;
    await page.getByTestId('menu-pin').click();
    await page.mouse.move(900, 500);
    await expect.poll(async () => (await menu.boundingBox())!.width).toBeLessThan(pinnedWidth);
    // Near the menu's start edge: inside it however far its narrowing has gone (the centre of a menu
    // still narrowing ends up outside it). The pointer comes in from outside in steps, as a hand moves
    // it; headless Chromium in CI now and then missed the entry of a single jump.
    const nearStart = { position: { x: 10, y: 200 } };
    await expect(async () => {
      await page.mouse.move(900, 500);
      await page.mouse.move(10, 200, { steps: 8 });
      await expect.poll(async () => (await menu.boundingBox())!.width, { timeout: 2_000 }).toBe(pinnedWidth);
    }).toPass({ timeout: 15_000 });
    await page.mouse.move(900, 500);
    await page.reload();
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expect.poll(async () => (await menu.boundingBox())!.width).toBeLessThan(pinnedWidth);
    await menu.hover(nearStart);
    await page.getByTestId('menu-pin').click();
  });
});
