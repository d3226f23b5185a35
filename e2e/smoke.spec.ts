import { expect, test } from './fixtures/test';

// Proves the harness: the built server started on a fresh database, the browser reaches it, the
// fixture world is there. Needs no web build.

test.describe('API document', () => {
  test('opens at /api/docs', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page).toHaveTitle(/Swagger UI/);
    await expect(page.getByText('Front Desk API')).toBeVisible();
  });
});

test('the fixture world is seeded', async ({ request, world }) => {
  const res = await request.get(`/api/v1/public/entities/by-subdomain/${world.companies.acme.subdomain}`);
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({ id: world.companies.acme.id, name: world.companies.acme.name });
});
