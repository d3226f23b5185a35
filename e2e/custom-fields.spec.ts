import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// Screenshots go where the run says (a helper's own folder), else beside the other screens.

const section = (page: Page, name: string) =>
  page.locator(`[data-testid="custom-field-section"][data-section-name="${name}"]`);
const fieldRow = (page: Page, name: string) =>
  page.locator(`[data-testid="custom-field-row"][data-field-name="${name}"]`);

async function addSection(page: Page, name: string) {
  await page.getByTestId('custom-fields-add-section').click();
  await page.getByTestId('section-name').fill(name);
  await page.getByTestId('section-save').click();
  await expect(section(page, name)).toBeVisible();
}

async function chooseType(page: Page, label: string) {
  await page.getByTestId('field-type').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Opens the field form from a section's "Add field", fills the name and type, and saves. */
async function addField(
  page: Page,
  sectionName: string,
  name: string,
  opts: { type?: string; choices?: string[]; badge?: boolean } = {},
) {
  await section(page, sectionName).getByTestId('custom-field-section-add-field').click();
  await expect(page).toHaveURL(/\/add-custom-field\?section=/);
  await expect(page.getByTestId('field-section')).toHaveValue(sectionName);
  await page.getByTestId('field-name').fill(name);
  if (opts.type) await chooseType(page, opts.type);
  for (const [i, choice] of (opts.choices ?? []).entries()) {
    if (i > 0) await page.getByTestId(`choice-${i - 1}`).press('Enter');
    await expect(page.getByTestId(`choice-${i}`)).toBeFocused();
    await page.getByTestId(`choice-${i}`).fill(choice);
  }
  if (opts.badge) await page.getByTestId('field-print-on-badge').check();
  await page.getByTestId('field-save').click();
  await expect(page).toHaveURL(/\/custom-fields$/);
  await expect(fieldRow(page, name)).toBeVisible();
}

/** Toasts close themselves after a few seconds; screenshots are taken without them, from the top. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled' });
}

async function deleteSection(page: Page, name: string) {
  await section(page, name).getByTestId('custom-field-section-menu').click();
  await page.getByTestId('custom-field-section-delete').click();
  await page.getByTestId('section-delete-confirm').click();
  await expect(section(page, name)).toHaveCount(0);
}

test('an admin sets up sections and fields, keeps four on the badge, edits and deletes with confirmation', async ({
  page,
  loginAs,
}) => {
  // A whole setup through the browser: about twenty page loads and saves on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAs('acmeAdmin');
  await page.goto('/custom-fields');
  await expect(page.getByTestId('custom-fields-badge-usage')).toHaveText('0 of 4 on the badge');

  // A section, its name checked while typed.
  await addSection(page, 'E2E Visitor details');
  await expect(page.getByText('Created successfully')).toBeVisible();
  await page.getByTestId('custom-fields-add-section').click();
  await page.getByTestId('section-name').fill('e2e visitor DETAILS');
  await expect(page.getByText('A section with this name already exists.')).toBeVisible();
  await expect(page.getByTestId('section-save')).toBeDisabled();
  await page.keyboard.press('Escape');

  // Fields of several types; four of them print on the badge.
  await addField(page, 'E2E Visitor details', 'Vehicle plate', { badge: true });
  await addField(page, 'E2E Visitor details', 'Host company', { badge: true });
  await addField(page, 'E2E Visitor details', 'NDA signed', { type: 'Toggle', badge: true });

  // Checkboxes with choices: Enter adds the next one, the arrows reorder, the preview asks them.
  await section(page, 'E2E Visitor details').getByTestId('custom-field-section-add-field').click();
  await page.getByTestId('field-name').fill('Dietary needs');
  await chooseType(page, 'Checkboxes');
  // Saving with no choice is refused in the browser, on the choices.
  await page.getByTestId('field-save').click();
  await expect(page.getByText('Add at least one choice.')).toBeVisible();
  await page.getByTestId('choice-0').fill('Vegan');
  await page.getByTestId('choice-0').press('Enter');
  await page.getByTestId('choice-1').fill('Halal');
  await page.getByTestId('choice-add').click();
  await page.getByTestId('choice-2').fill('Vegetarian');
  await page.getByTestId('choice-2-up').click();
  await page.getByTestId('choice-1-up').click();
  await expect(page.getByTestId('choice-0')).toHaveValue('Vegetarian');
  await expect(page.getByTestId('choice-1')).toHaveValue('Vegan');
  await expect(page.getByTestId('choice-2')).toHaveValue('Halal');
  const preview = page.getByTestId('custom-field-preview');
  await expect(preview.getByRole('checkbox', { name: 'Vegetarian' })).toBeVisible();
  await preview.getByRole('checkbox', { name: 'Halal' }).check();
  await page.getByTestId('field-print-on-badge').check();
  await screenshot(page, 'custom-field-form-en');
  await page.getByTestId('field-save').click();
  await expect(page).toHaveURL(/\/custom-fields$/);
  await expect(fieldRow(page, 'Dietary needs')).toContainText('Vegetarian, Vegan, Halal');
  await expect(page.getByTestId('custom-fields-badge-usage')).toHaveText('4 of 4 on the badge');

  // A fifth badge field cannot be chosen; the form says why. It goes into a section created inline.
  await page.getByTestId('custom-fields-add-field').click();
  await expect(page.getByTestId('field-print-on-badge')).toBeDisabled();
  await expect(page.getByText('All 4 badge places are used. Turn printing off on another field first.')).toBeVisible();
  await page.getByTestId('field-section-mode').click();
  await page.getByTestId('field-new-section').fill('E2E Staff');
  await page.getByTestId('field-name').fill('Start date');
  await chooseType(page, 'Date');
  // Dates are typed and shown as DD/MM/YYYY (spec §5); a day that does not exist is not taken.
  const datePreview = page.getByTestId('custom-field-preview').getByRole('textbox');
  await datePreview.fill('31/12/2026');
  await datePreview.blur();
  await expect(datePreview).toHaveValue('31/12/2026');
  await datePreview.fill('30/02/2026');
  await datePreview.blur();
  await expect(datePreview).not.toHaveValue('30/02/2026');
  await page.getByTestId('field-save').click();
  await expect(page).toHaveURL(/\/custom-fields$/);
  await expect(section(page, 'E2E Staff').getByTestId('custom-field-row')).toHaveCount(1);
  await expect(section(page, 'E2E Visitor details').getByTestId('custom-field-row')).toHaveCount(4);
  await screenshot(page, 'custom-fields-en');
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone every row keeps its actions on screen.
  const edit = fieldRow(page, 'Dietary needs').getByTestId('custom-field-edit');
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'custom-fields-phone-en');
  await page.setViewportSize({ width: 1280, height: 1000 });

  // Edit: rename and take it off the badge.
  await fieldRow(page, 'Host company').getByTestId('custom-field-edit').click();
  await expect(page).toHaveURL(/\/add-custom-field\?id=/);
  await expect(page.getByTestId('field-name')).toHaveValue('Host company');
  await page.getByTestId('field-name').fill('Visitor company');
  await page.getByTestId('field-print-on-badge').uncheck();
  await page.getByTestId('field-save').click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(fieldRow(page, 'Visitor company')).toBeVisible();
  await expect(fieldRow(page, 'Visitor company').getByTestId('custom-field-on-badge')).toHaveCount(0);
  await expect(page.getByTestId('custom-fields-badge-usage')).toHaveText('3 of 4 on the badge');

  // Delete a field: the confirmation says what goes; cancelling keeps it.
  await fieldRow(page, 'Dietary needs').getByTestId('custom-field-delete').click();
  await expect(page.getByTestId('field-delete-summary')).toContainText('No one has a value for this field yet.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(fieldRow(page, 'Dietary needs')).toBeVisible();
  await fieldRow(page, 'Dietary needs').getByTestId('custom-field-delete').click();
  await page.getByTestId('field-delete-confirm').click();
  await expect(fieldRow(page, 'Dietary needs')).toHaveCount(0);
  await expect(page.getByText('Deleted successfully')).toBeVisible();

  // Delete a section: the confirmation counts its fields and values.
  await section(page, 'E2E Visitor details').getByTestId('custom-field-section-menu').click();
  await page.getByTestId('custom-field-section-delete').click();
  await expect(page.getByTestId('section-delete-fields')).toHaveText('Fields: 3');
  await expect(page.getByTestId('section-delete-values')).toHaveText('Values stored for people: 0');
  await page.getByTestId('section-delete-confirm').click();
  await expect(section(page, 'E2E Visitor details')).toHaveCount(0);
  await deleteSection(page, 'E2E Staff');
  await expect(page.getByTestId('custom-fields-badge-usage')).toHaveText('0 of 4 on the badge');
});

test('the custom fields screens in Arabic, mirrored', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAs('acmeAdmin');
  await page.goto('/custom-fields');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('custom-fields-add-section')).toHaveText('إضافة قسم');

  await addSection(page, 'بيانات الزائر');
  await section(page, 'بيانات الزائر').getByTestId('custom-field-section-add-field').click();
  await page.getByTestId('field-name').fill('رقم لوحة المركبة');
  await page.getByTestId('field-print-on-badge').check();
  await page.getByTestId('field-save').click();
  await expect(fieldRow(page, 'رقم لوحة المركبة')).toBeVisible();

  await section(page, 'بيانات الزائر').getByTestId('custom-field-section-add-field').click();
  await page.getByTestId('field-name').fill('كيف كانت زيارتك؟');
  await chooseType(page, 'وجوه تعبيرية');
  const preview = page.getByTestId('custom-field-preview');
  await expect(preview.getByRole('radio', { name: 'راضٍ جدًا' })).toBeAttached();
  // The form reads from the right: the preview stands at the start of the row on the left.
  const formBox = (await page.getByTestId('field-name').boundingBox())!;
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.x + previewBox.width).toBeLessThan(formBox.x);
  await screenshot(page, 'custom-field-form-ar');
  await page.getByTestId('field-save').click();
  await expect(fieldRow(page, 'كيف كانت زيارتك؟')).toBeVisible();
  await expect(fieldRow(page, 'رقم لوحة المركبة').getByTestId('custom-field-on-badge')).toHaveText('على الشارة');
  await expect(page.getByTestId('custom-fields-badge-usage')).toHaveText(/^\d من 4 على الشارة$/);

  // In the section's header the name is on the right and its actions on the left.
  const card = section(page, 'بيانات الزائر');
  const nameBox = (await card.getByTestId('custom-field-section-name').boundingBox())!;
  const addBox = (await card.getByTestId('custom-field-section-add-field').boundingBox())!;
  expect(addBox.x + addBox.width).toBeLessThan(nameBox.x);
  await screenshot(page, 'custom-fields-ar');

  await deleteSection(page, 'بيانات الزائر');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a company on the lite plan sees why custom fields are not available, without a refused call', async ({
  page,
  loginAs,
}) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/v1/custom-field') && res.status() >= 400) refused.push(res.url());
  });
  await loginAs('liteAdmin');
  await page.goto('/custom-fields');
  const notice = page.getByTestId('custom-fields-plan-required');
  await expect(notice).toContainText('Custom fields are not part of your plan');
  await expect(notice).toContainText('Custom fields are available on the Professional and Enterprise plans.');
  await expect(notice).toContainText('Your company is on the Lite plan.');
  await expect(page.getByTestId('custom-fields-add-section')).toHaveCount(0);
  await screenshot(page, 'custom-fields-lite-en');
  await page.goto('/add-custom-field');
  await expect(page.getByTestId('custom-fields-plan-required')).toBeVisible();
  await expect(page.getByTestId('field-name')).toHaveCount(0);
  expect(refused).toEqual([]);
});
