import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The audit log viewer (issue 29): an admin renames a site, opens Settings → Audit log, finds the
// change by its action and its target, and reads its values before and after; in English and Arabic.

const suffix = Math.random().toString(36).slice(2, 8);

async function openChange(page: Page, siteId: string) {
  const update = page.locator(`[data-action="site.update"][data-target="${siteId}"]`);
  await expect(update).toHaveCount(1);
  await update.getByTestId('audit-log-show').click();
  await expect(page.getByTestId('audit-change')).toBeVisible();
}

test('the audit log shows who renamed a site and the names before and after, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  const api = await apiCaller(loadWorld().people.acmeAdmin);
  try {
    const site = await api.call<{ id: string }>('POST', '/sites', { name: `Audit site ${suffix}` });
    await api.call('PUT', `/sites/${site.id}`, { name: `Audit house ${suffix}` });

    await loginAs('acmeAdmin');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await expect(page.getByTestId('audit-log-page')).toBeVisible();
    await page.getByTestId('audit-log-filter-action').click();
    await page.getByRole('option', { name: 'site.update', exact: true }).click();
    await expect(page).toHaveURL(/action=site\.update/);
    await openChange(page, site.id);
    const name = page.getByTestId('audit-change-field').filter({ hasText: 'name' }).first();
    await expect(name).toHaveAttribute('data-changed', 'true');
    await expect(name).toContainText(`Audit site ${suffix}`);
    await expect(name).toContainText(`Audit house ${suffix}`);
    await expectAccessible(page, 'the audit log’s change');
    await page.screenshot({ path: screenPath('audit-log-change-en') });
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the audit log');
    await page.screenshot({ path: screenPath('audit-log-en') });

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
    await openChange(page, site.id);
    await expect(page.getByRole('dialog', { name: 'التغيير' })).toBeVisible();
    await expectAccessible(page, 'the audit log’s change in Arabic');
    await page.screenshot({ path: screenPath('audit-log-change-ar') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenPath('audit-log-ar') });
  } finally {
    await api.call('PUT', '/me/lang', { lang: 'en' }).catch(() => undefined);
    await api.dispose();
  }
});
