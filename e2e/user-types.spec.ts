import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

test('an admin builds a user type tree: add with hosts, add a child, edit, move, QR, delete', async ({
  page,
  loginAs,
  world,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto('/user-types');
  const tree = page.getByTestId('user-types-tree');
  const row = (name: string) => tree.locator(`[data-testid="user-type-row"][data-name="${name}"]`);
  // The tree lists every type the other tests made: a row's menu may open low on the page, under the
  // toasts of the steps before; its Delete is pressed as a click on the item itself.
  const openActions = async (name: string) => {
    await row(name).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await row(name).getByTestId('user-type-actions').click();
  };

  await page.getByTestId('user-type-add').click();
  await expect(page).toHaveURL(/\/add-user-type$/);
  await page.getByTestId('user-type-name').fill('E2E Visitors');
  // A grace period under 30 minutes stays as typed and is refused, naming the field.
  await page.getByTestId('user-type-grace').fill('20');
  await page.getByTestId('user-type-grace').blur();
  await expect(page.getByTestId('user-type-grace')).toHaveValue('20');
  await page.getByTestId('user-type-save').click();
  await expect(page.getByText('Visit grace period must be at least 30.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/add-user-type$/);
  await page.getByTestId('user-type-grace').fill('45');
  await page.getByTestId('user-type-profile-email').check();
  // Hosts: the search starts at two characters; the new type gets its host right after it is created.
  const hosts = page.getByTestId('user-type-hosts');
  await hosts.click();
  await hosts.fill('E');
  await expect(page.getByText('Type at least 2 characters', { exact: true })).toBeVisible();
  await hosts.fill(world.people.acmeEmployee.firstName);
  await page.getByRole('option', { name: new RegExp(world.people.acmeEmployee.fullName) }).click();
  await page.getByTestId('user-type-save').click();
  await expect(page).toHaveURL(/\/user-types$/);
  await expect(row('E2E Visitors')).toBeVisible();

  // Editing shows the host; one host is swapped for another.
  await openActions('E2E Visitors');
  await page.getByTestId('user-type-edit').click();
  const dialog = page.getByRole('dialog');
  const pill = (name: string) => dialog.locator('.mantine-Pill-root', { hasText: name });
  await expect(pill(world.people.acmeEmployee.fullName)).toBeVisible();
  await pill(world.people.acmeEmployee.fullName).locator('button').click();
  await dialog.getByTestId('user-type-hosts').fill(world.people.polyglot.lastName);
  await page.getByRole('option', { name: new RegExp(world.people.polyglot.fullName) }).click();
  await expect(pill(world.people.polyglot.fullName)).toBeVisible();
  await page.getByTestId('user-type-save').click();
  await expect(page.getByText('User type updated')).toBeVisible();
  await openActions('E2E Visitors');
  await page.getByTestId('user-type-edit').click();
  await expect(pill(world.people.polyglot.fullName)).toBeVisible();
  await expect(pill(world.people.acmeEmployee.fullName)).toHaveCount(0);
  await page.screenshot({
    path: screenPath('user-type-hosts-en'),
    animations: 'disabled',
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A duplicate name is refused on its field.
  await page.getByTestId('user-type-add').click();
  await page.getByTestId('user-type-name').fill('e2e visitors');
  await page.getByTestId('user-type-save').click();
  await expect(page.getByText('User type name already exists')).toBeVisible();
  await page.getByTestId('user-type-name').fill('E2E Staff');
  await page.getByTestId('user-type-save').click();
  await expect(row('E2E Staff')).toBeVisible();

  // A child type under Visitors.
  await openActions('E2E Visitors');
  await page.getByTestId('user-type-add-child').click();
  await page.getByTestId('user-type-name').fill('E2E Contractors');
  await page.getByTestId('user-type-save').click();
  await expect(row('E2E Contractors')).toBeVisible();
  const indent = async (name: string) => (await row(name).boundingBox())!.x;
  expect(await indent('E2E Contractors')).toBeGreaterThan(await indent('E2E Visitors'));

  // Edit the child.
  await openActions('E2E Contractors');
  await page.getByTestId('user-type-edit').click();
  await page.getByTestId('user-type-auto-approve').check();
  // The first edit's notice has gone, so the one seen next is this save's.
  await expect(page.getByText('User type updated')).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId('user-type-save').click();
  await expect(page.getByText('User type updated')).toBeVisible();

  // Move it under Staff; Visitors' own branch is not offered when moving Visitors.
  await openActions('E2E Contractors');
  await page.getByTestId('user-type-move').click();
  await page.getByTestId('user-type-move-target').click();
  await page.getByRole('option', { name: 'E2E Staff', exact: true }).click();
  await page.getByTestId('user-type-move-save').click();
  await expect(page.getByText('E2E Contractors moved')).toBeVisible();

  // The self-registration QR.
  await openActions('E2E Staff');
  await page.getByTestId('user-type-qr').click();
  await expect(page.getByTestId('user-type-qr-image')).toBeVisible();
  await page.keyboard.press('Escape');

  // A type with a child cannot be deleted; its child can.
  await openActions('E2E Staff');
  await page.getByTestId('user-type-delete').dispatchEvent('click');
  await page.getByTestId('user-type-delete-confirm').click();
  await expect(page.getByText(/This user type still has child types/)).toBeVisible();
  await expect(row('E2E Staff')).toBeVisible();
  await openActions('E2E Contractors');
  await page.getByTestId('user-type-delete').dispatchEvent('click');
  await page.getByTestId('user-type-delete-confirm').click();
  await expect(row('E2E Contractors')).toHaveCount(0);
  await page.screenshot({ path: screenPath('user-types-en'), fullPage: true });
});

test('the user types screen in Arabic', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/user-types');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('user-type-add')).toHaveText('إضافة نوع مستخدم');
  await page.getByTestId('user-type-add').click();
  await expect(page.getByTestId('user-type-method')).toBeVisible();
  await page.screenshot({ path: screenPath('user-types-ar'), fullPage: true });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
