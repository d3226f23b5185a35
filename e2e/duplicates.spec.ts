import { blockingViolations } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { signInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The duplication control board: two people entered twice (by an email with a `+tag`), a scan asked
// for on the board, one pair marked as different people, the other merged after choosing the record to
// keep, and the merge explained on the merges tab. In English, then Arabic. The people carry this run's
// suffix, which the board's search filters to.

const suffix = Math.random().toString(36).slice(2, 8);
const DORA = `Dora Dup${suffix}`;
const DORIS = `Doris Dup${suffix}`;
const OMAR = `Omar Twin${suffix}`;
const OMAR_AGAIN = `Omer Twin${suffix}`;

let api: ApiCaller;
const people: string[] = [];
let place: { siteId: string; areaId: string; typeId: string } | null = null;

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const made = await signInPlace(api, {
    site: `E2E Dup site ${suffix}`,
    area: `Dup lobby ${suffix}`,
    type: `E2E Dup guests ${suffix}`,
    journey: `E2E Dup ${suffix}`,
  });
  place = made;
  people.push(await made.addPerson(DORA, `dora.${suffix}@example.test`));
  people.push(await made.addPerson(DORIS, `dora.${suffix}+again@example.test`));
  people.push(await made.addPerson(OMAR, `omar.${suffix}@example.test`));
  people.push(await made.addPerson(OMAR_AGAIN, `omar.${suffix}+desk@example.test`));
});

// Everything this spec made goes, so the screens of later specs list what they expect (the user types
// screen lists every type).
test.afterAll(async () => {
  const gone = () => undefined;
  for (const id of people) await api.call('DELETE', `/people/${id}`).catch(gone);
  const journeys = await api
    .call<{ data: { id: string; name: string }[] }>('GET', '/journeys?limit=100')
    .catch(() => null);
  const journey = journeys?.data.find((j) => j.name === `E2E Dup ${suffix}`);
  if (journey) await api.call('DELETE', `/journeys/${journey.id}`).catch(gone);
  if (place) {
    await api.call('DELETE', `/user-types/${place.typeId}`).catch(gone);
    await api.call('DELETE', `/areas/${place.areaId}`).catch(gone);
    await api.call('DELETE', `/sites/${place.siteId}`).catch(gone);
  }
  await api.dispose();
});

test('scans for duplicates, marks one pair as different people and merges the other, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await loginAs('acmeAdmin');
  await page.goto('/duplication-control-board');
  await expect(page.getByRole('heading', { name: 'Duplication control board' })).toBeVisible();

  await page.getByTestId('duplicates-scan').click();
  await expect(page.getByTestId('duplicates-scan-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('duplicates-search').fill(suffix);
  const pairs = page.getByTestId('duplicate-pair');
  await expect(pairs).toHaveCount(2);
  await expect(page.getByTestId('duplicates-count')).toHaveText('2 possible duplicates');
  const doraPair = pairs.filter({ hasText: DORA });
  await expect(doraPair.getByTestId('duplicate-score')).toHaveText('100% alike');
  await expect(doraPair).toContainText('Same email');
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('duplicates-en'), animations: 'disabled' });

  // Merge: Dora (the older record) is suggested; keep Doris instead.
  await doraPair.getByTestId('duplicate-merge').click();
  const modal = page.getByTestId('merge-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: `Keep ${DORA}` })).toBeChecked();
  await modal.getByRole('radio', { name: `Keep ${DORIS}` }).check();
  await expect(modal.getByTestId('merge-summary')).toContainText(`${DORA} will be removed and merged into ${DORIS}.`);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('duplicates-merge-en'), animations: 'disabled' });
  await modal.getByTestId('merge-confirm').click();
  await expect(page.getByText('Merged User')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(pairs).toHaveCount(1);

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'لوحة التحكم في التكرار' })).toBeVisible();
  // The search is kept in the address: the same view after the change of language.
  await expect(page.getByTestId('duplicates-search')).toHaveValue(suffix);
  await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
  await expect(page.getByTestId('duplicates-count')).toHaveText('تكرار محتمل واحد');
  await expect(pairs.first()).toContainText('البريد نفسه');
  await page.screenshot({ path: screenPath('duplicates-ar'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);

  // Not the same person: the pair goes.
  await pairs.filter({ hasText: OMAR }).getByTestId('duplicate-dismiss').click();
  await expect(page.getByText(`تم تحديد ${OMAR} و${OMAR_AGAIN} كشخصين مختلفين.`)).toBeVisible();
  await expect(pairs).toHaveCount(0);
  await expect(page.getByTestId('duplicates-empty')).toContainText('لا شيء يطابق');

  await page.getByTestId('duplicates-tab-merges').click();
  const record = page.getByTestId('merge-record').filter({ hasText: DORIS }).first();
  await expect(record).toContainText(DORA);
  await expect(record).toContainText(`dora.${suffix}@example.test`);
  await expect(record).toContainText('السجل المحذوف');
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('duplicates-merges-ar'), animations: 'disabled' });

  // The language is the admin's own setting: back to English for the tests that follow.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Duplication control board' })).toBeVisible();
});
