import { expectAccessible } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';

test.describe('route guards', () => {
  test('without a stored user every app page goes to /login', async ({ page }) => {
    for (const path of ['/', '/company', '/users', '/reporting/history']) {
      // Only until the page is committed: the app may replace it with /login before it has loaded,
      // which aborts a navigation that waits for "load".
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/login$/);
      // The sign-in page shown: its document has loaded and no navigation of the app is still under
      // way, which would abort the next page's (seen once in twenty runs as ERR_ABORTED).
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('a permission with allowed 0 reloads to the origin; unknown paths show the 404 page', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeEmployee');
    await page.goto('/company');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('visits-dashboard')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  test('/integration opens the integrations list; /olduser-types goes to /user-types', async ({ page, loginAs }) => {
    await loginAs('acmeAdmin');
    await page.goto('/olduser-types');
    await expect(page).toHaveURL(/\/user-types$/);
    await expect(page.getByRole('heading', { name: 'User types' })).toBeVisible();
    await page.goto('/integration');
    await expect(page.getByTestId('integrations-page')).toBeVisible();
    await expect(page.getByTestId('coming-soon-page')).toHaveCount(0);
  });

  test('/settings lists the settings screens with what each is for, in English and Arabic', async ({
    page,
    loginAs,
  }) => {
    await loginAs('acmeAdmin');
    await page.goto('/settings');
    const overview = page.getByTestId('settings-overview');
    await expect(overview.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByTestId('coming-soon-page')).toHaveCount(0);
    for (const id of [
      'user_types',
      'privacy_manager',
      'duplication_control_board',
      'attendance_modes',
      'visit_permits',
    ])
      await expect(overview.getByTestId(`home-area-${id}`)).toBeVisible();
    await expect(overview.getByTestId('home-area-user_types')).toContainText('how each registers');
    await expectAccessible(page, 'settings overview en');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(overview.getByRole('heading', { name: 'الإعدادات' })).toBeVisible();
    await expectAccessible(page, 'settings overview ar');
    await page.screenshot({ path: screenPath('settings-overview-ar'), animations: 'disabled' });
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await overview.getByTestId('home-area-user_types').click();
    await expect(page).toHaveURL(/\/user-types$/);
  });

  test('an address with a malformed or unknown id shows the 404 page, not a failed load', async ({ page, loginAs }) => {
    await loginAs('acmeAdmin');
    for (const path of ['/update/journey/1', '/update/journey/flow/x', '/compliance/update/12']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByTestId('not-found-page')).toBeVisible();
    }
    await page.goto('/update/journey/01a21abd-6c47-77ec-afe8-801ca4c0900c');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  test('a Standalone company sees only sites: other items are disabled and their routes go to /sites', async ({
    page,
    loginAs,
  }) => {
    await loginAs('soloAdmin');
    await expect(page).toHaveURL(/\/sites$/);
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-sites')).not.toHaveAttribute('data-disabled');
    await expect(menu.getByTestId('menu-passport')).not.toHaveAttribute('data-disabled');
    for (const item of ['dashboard', 'users', 'journeys', 'reporting']) {
      await expect(menu.getByTestId(`menu-${item}`)).toHaveAttribute('data-disabled');
    }
    // Company is only for the support account on Standalone.
    await expect(menu.getByTestId('menu-company')).toHaveAttribute('data-disabled');
    for (const path of ['/journeys', '/company', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sites$/);
    }
    // Add Visits opens only on Cloud.
    await expect(page.getByTestId('quick-link-add_visits')).toHaveAttribute('data-disabled');
  });

  test('a person of two companies chooses one, landing per package', async ({ page, loginAs }) => {
    await loginAs('twoCompanies', { company: 'Solo Standalone' });
    await expect(page).toHaveURL(/\/sites$/);
    await expect(page.getByTestId('company-name')).toHaveText('Solo Standalone');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-switch-company').click();
    await page.getByTestId('switch-company-choice').filter({ hasText: 'Acme Cloud' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('company-name')).toHaveText('Acme Cloud');
  });
});

test.describe('company subdomains', () => {
  test('acme.localhost opens Acme’s sign-in page; an unknown subdomain goes to the default site', async ({
    page,
    world,
    baseURL,
  }) => {
    const port = new URL(baseURL!).port;
    await page.goto(`http://acme.localhost:${port}/login`);
    await expect(page.getByTestId('public-company-name')).toHaveText(world.companies.acme.name);
    await page.getByTestId('login-email').fill(world.people.acmeEmployee.email);
    await page.getByTestId('login-password').fill(world.people.acmeEmployee.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('company-name')).toHaveText(world.companies.acme.name);

    await page.goto(`http://nobody.localhost:${port}/login`);
    await expect(page).toHaveURL(new RegExp(`^http://localhost:${port}/`));
  });
});
