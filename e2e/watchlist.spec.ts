import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { signInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The watchlist (issue 29): an admin puts "محمد الرشيد" on it (deny) from Settings → Watchlist; signing
// "Mohammed Al-Rashid" in at the desk is then refused with why; the Screenings tab shows the refusal and
// its explanation, and the admin marks it "not a match" with a reason. Then the same screens in Arabic.

const suffix = Math.random().toString(36).slice(2, 8);
const ENTRY = 'محمد الرشيد';
const PERSON = 'Mohammed Al-Rashid';
const EMAIL = `m.alrashid.${suffix}@acme.test`;

test.use({ viewport: { width: 1366, height: 800 } });

/** The screening of this run's person: one row, whatever else the list holds. */
const screeningRow = (page: Page) =>
  page.locator(`[data-testid="screening-row"][data-person="${PERSON}"][data-entry="${ENTRY}"]`);

test('the watchlist: an entry added, a sign-in refused with why, the screening marked not a match, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  const api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: `Watch site ${suffix}`,
    area: `Watch desk ${suffix}`,
    type: `Watch visitors ${suffix}`,
    journey: `Watch journey ${suffix}`,
  });
  await place.addPerson(PERSON, EMAIL);
  try {
    await loginAs('acmeAdmin');

    // Settings → Watchlist, and an entry added: the form says what is missing before it sends anything.
    await page.goto('/settings');
    await page.getByTestId('home-area-watchlist').click();
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
    await page.getByTestId('watchlist-add').click();
    const drawer = page.getByRole('dialog', { name: 'Add to watchlist' });
    await expect(drawer.getByTestId('watchlist-photo-after-save')).toBeVisible();
    await drawer.getByTestId('watchlist-form-name').fill(ENTRY);
    await drawer.getByTestId('watchlist-form-alias-add').click();
    await drawer.getByTestId('watchlist-form-alias').fill('Abu Salem');
    await drawer.getByTestId('watchlist-form-email').fill(EMAIL);
    await drawer.getByTestId('watchlist-form-birth').fill('31/02/1980');
    await drawer.getByTestId('watchlist-form-save').click();
    await expect(drawer.getByText('Reason is required.')).toBeVisible();
    await expect(drawer.getByText('Enter a real day as DD/MM/YYYY.')).toBeVisible();
    // What was typed stays as typed.
    await expect(drawer.getByTestId('watchlist-form-birth')).toHaveValue('31/02/1980');
    await drawer.getByTestId('watchlist-form-birth').fill('28/02/1980');
    await drawer.getByTestId('watchlist-form-reason').fill('Threatened the reception staff on 3 March.');
    await page.screenshot({ path: screenPath('watchlist-form-en') });
    await drawer.getByTestId('watchlist-form-save').click();
    const edit = page.getByRole('dialog', { name: `Edit ${ENTRY}` });
    await expect(edit.getByTestId('watchlist-entry-added')).toBeVisible();
    await expect(edit.getByTestId('watchlist-photo-pick')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    const row = page.locator(`[data-testid="watchlist-entry-row"][data-name="${ENTRY}"]`);
    await expect(row.getByTestId('watchlist-level')).toHaveText('Deny');
    await expect(row.getByTestId('watchlist-entry-aliases')).toHaveText('Abu Salem');

    // A CSV import says what it added and each row it refused.
    await page.getByTestId('watchlist-import').click();
    await page.getByTestId('watchlist-import-input').setInputFiles({
      name: 'watchlist.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'level,full_name,aliases,email,phone,company_name,date_of_birth,reason',
          `review,Imported Person ${suffix},Imp;Imported P,,,,,Seen taking photos`,
          `maybe,Bad Level ${suffix},,,,,,No level`,
        ].join('\n'),
      ),
    });
    await expect(page.getByTestId('watchlist-import-created')).toHaveText('1 added');
    await expect(page.getByTestId('watchlist-import-error')).toHaveCount(1);
    await expect(page.getByTestId('watchlist-import-error')).toContainText('3');
    await page.screenshot({ path: screenPath('watchlist-import-en') });
    await page.keyboard.press('Escape');

    // The threshold is explained, and a number outside 60–100 is said to be so, never changed.
    await page.getByTestId('watchlist-settings').click();
    const threshold = page.getByTestId('watchlist-settings-threshold');
    await expect(threshold).toHaveValue('80%');
    await threshold.fill('150');
    await page.getByTestId('watchlist-settings-save').click();
    await expect(page.getByText('Enter a whole number from 60 to 100.')).toBeVisible();
    await expect(threshold).toHaveValue('150%');
    await page.screenshot({ path: screenPath('watchlist-settings-en') });
    await page.keyboard.press('Escape');

    await expect(
      page.locator(`[data-testid="watchlist-entry-row"][data-name="Imported Person ${suffix}"]`),
    ).toBeVisible();
    await expectAccessible(page, 'the watchlist’s entries');
    await page.screenshot({ path: screenPath('watchlist-entries-en') });

    // At the desk, the person is refused, and the refusal says which entry and why.
    await page.goto('/');
    await page.getByTestId('quick-sign-in').click();
    await page.getByTestId('quick-sign-in-person').fill(PERSON);
    await page.getByRole('option', { name: PERSON }).click();
    await page.getByTestId('quick-sign-in-area').click();
    await page.getByRole('option', { name: `Watch desk ${suffix}` }).click();
    await page.getByTestId('quick-sign-in-next').click();
    await expect(page.getByTestId('sign-in-flow')).toBeVisible();
    await page.getByTestId('flow-submit').click();
    const refusal = page.getByTestId('flow-person-error');
    await expect(refusal).toContainText(ENTRY);
    await expect(refusal).toContainText('alike');
    await expect(refusal).toContainText('cannot be let in');
    await page.screenshot({ path: screenPath('watchlist-desk-refused-en') });
    await page.keyboard.press('Escape');

    // Screenings: the refusal with its explanation, marked "not a match" with a reason.
    await page.goto('/watchlist/screenings');
    const screening = screeningRow(page);
    await expect(screening.getByTestId('screening-outcome')).toHaveText('Refused');
    await expect(screening.getByTestId('screening-way')).toHaveText('Desk');
    await expect(screening.getByTestId('screening-reason')).toHaveText([
      'Email identical',
      `Name 95% alike across scripts: “\u2068${ENTRY}\u2069” ↔ “\u2068${PERSON}\u2069”`,
    ]);
    await expectAccessible(page, 'the watchlist’s screenings');
    await page.screenshot({ path: screenPath('watchlist-screenings-en') });
    await screening.getByTestId('screening-not-a-match').click();
    const decision = page.getByRole('dialog', { name: `${PERSON} is not a match` });
    await decision.getByTestId('screening-decision-confirm').click();
    await expect(decision.getByText('Reason is required.')).toBeVisible();
    await decision.getByTestId('screening-decision-reason-input').fill('Another Mohammed: a supplier we know well.');
    await expectAccessible(page, 'the not-a-match dialog');
    await page.screenshot({ path: screenPath('watchlist-decision-en') });
    await decision.getByTestId('screening-decision-confirm').click();
    await expect(decision).toBeHidden();
    await expect(screening.getByTestId('screening-outcome')).toHaveText('Not a match');
    await expect(screening.getByTestId('screening-decision-reason')).toHaveText(
      'Another Mohammed: a supplier we know well.',
    );
    await expect(screening.getByTestId('screening-decided-by')).toContainText('By Ada Acme');
    await expect(screening.getByTestId('screening-not-a-match')).toHaveCount(0);

    // A review: the imported person (level review) signed in as the desk would waits for an admin, who
    // finds them under "Waiting for review" and approves them for the day.
    const imported = `Imported Person ${suffix}`;
    const importedId = await place.addPerson(imported, `imported.${suffix}@acme.test`);
    await expect(
      api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: [{ person_id: importedId }] }),
    ).rejects.toThrow(/422.*must review/);
    await page.reload();
    await expect(page.getByTestId('watchlist-waiting-count')).toHaveText('1 waiting');
    await page.getByTestId('watchlist-waiting-filter').click();
    await expect(page).toHaveURL(/outcome=pending/);
    const waiting = page.locator(`[data-testid="screening-row"][data-person="${imported}"]`);
    await expect(waiting.getByTestId('screening-outcome')).toHaveText('Waiting for review');
    await expect(waiting.getByTestId('screening-reason')).toHaveText(['Name identical']);
    await waiting.getByTestId('screening-approve').click();
    const approve = page.getByRole('dialog', { name: `Approve ${imported}` });
    await approve.getByTestId('screening-decision-reason-input').fill('Photographer booked for the open day.');
    await approve.getByTestId('screening-decision-confirm').click();
    await expect(page.getByTestId('watchlist-screenings-empty')).toContainText('Nothing waits for review');
    await expect(page.getByTestId('watchlist-waiting-count')).toHaveCount(0);
    await page.getByTestId('watchlist-waiting-filter').click();
    await expect(waiting.getByTestId('screening-outcome')).toHaveText('Approved');
    await expect(waiting.getByTestId('screening-until')).toBeVisible();
    await expect(waiting.getByTestId('screening-approve')).toHaveCount(0);

    // In Arabic, right to left: the same screening and the entries.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'قائمة المراقبة' })).toBeVisible();
    await expect(screeningRow(page).getByTestId('screening-outcome')).toHaveText('ليس الشخص نفسه');
    await expect(screeningRow(page).getByTestId('screening-reason').first()).toHaveText('البريد الإلكتروني مطابق');
    await expectAccessible(page, 'the watchlist’s screenings in Arabic');
    await page.screenshot({ path: screenPath('watchlist-screenings-ar') });
    await page.getByTestId('watchlist-tab-entries').click();
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(row.getByTestId('watchlist-level')).toHaveText('منع');
    await expectAccessible(page, 'the watchlist’s entries in Arabic');
    await page.screenshot({ path: screenPath('watchlist-entries-ar') });
    await row.getByTestId('watchlist-entry-edit').click();
    await expect(page.getByRole('dialog', { name: `تعديل ${ENTRY}` })).toBeVisible();
    await expectAccessible(page, 'the watchlist entry form in Arabic');
    await page.screenshot({ path: screenPath('watchlist-form-ar') });
  } finally {
    await api.call('PUT', '/me/lang', { lang: 'en' }).catch(() => undefined);
    // The entries go, so no later sign-in of this run is screened against them.
    const left = await api.call<{ data: { id: string }[] }>('GET', `/watchlist?limit=100&search=${suffix}`);
    for (const entry of left.data) await api.call('DELETE', `/watchlist/${entry.id}`).catch(() => undefined);
    await api.dispose();
  }
});
