import { makePng as png } from '../apps/server/test/helpers/images';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

test('company details: subdomain checked live, logo shown in the top bar, API token shown once', async ({
  page,
  loginAs,
}) => {
  await loginAs('acmeAdmin');
  await page.goto('/company');
  await expect(page.locator('input[data-testid="company-name"]')).toHaveValue('Acme Cloud');

  const subdomain = page.getByTestId('company-subdomain');
  await subdomain.fill('solo');
  await expect(page.getByText(/already taken/i)).toBeVisible();
  await subdomain.fill('acme');

  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(120, 30) });
  await expect(page.getByTestId('logo-error')).toBeVisible();
  // Choosing a valid file uploads it at once.
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(240, 60) });
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await expect(page.getByTestId('top-bar').getByTestId('company-logo')).toHaveAttribute(
    'src',
    /\/api\/v1\/public\/entities\/.+\/logo\.png/,
  );

  await page.getByTestId('token-generate').click();
  const token = page.getByTestId('token-value');
  await expect(token).toHaveValue(/^ct_/);
  const value = await token.inputValue();
  await page.screenshot({ path: screenPath('company-en'), fullPage: true });
  await page.reload();
  await expect(page.getByTestId('token-hint')).toContainText(value.slice(-4));
  await expect(page.getByText(value)).toHaveCount(0);
  await page.getByTestId('token-delete').click();
  await page.getByTestId('token-delete-confirm').click();
  await expect(page.getByTestId('token-hint')).toHaveCount(0);
});

test("company time zone: chosen from the list, kept after reload, and the dashboard's today follows it", async ({
  page,
  loginAs,
}) => {
  await loginAs('acmeAdmin');
  await page.goto('/company');
  const zone = page.getByTestId('company-timezone');
  await expect(zone).toHaveValue(/^UTC/);
  await zone.fill('Kiritimati');
  await page.getByRole('option', { name: 'Pacific/Kiritimati (GMT+14:00)' }).click();
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Company details saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('company-timezone')).toHaveValue('Pacific/Kiritimati (GMT+14:00)');

  // The server's "today" is Kiritimati's date now.
  const dashboard = await (await page.request.get('/api/v1/dashboard')).json();
  expect(dashboard).toMatchObject({
    timezone: 'Pacific/Kiritimati',
    date: new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10),
  });

  // Back to UTC for the other tests of this company.
  await page.getByTestId('company-timezone').fill('UTC');
  await page.getByRole('option', { name: /^UTC/ }).click();
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Company details saved.').first()).toBeVisible();
  await expect(page.getByTestId('company-timezone')).toHaveValue(/^UTC/);
});
