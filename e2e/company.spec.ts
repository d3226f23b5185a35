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
