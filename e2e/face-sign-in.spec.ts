import type { Page } from '@playwright/test';
import { facePhoto } from '../apps/server/test/helpers/face-photos';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// Face sign-in in the dashboard (decision 050): an admin turns it on in the company settings, records a
// person's signed paper consent in their drawer and generates their Face ID from their photo; withdrawing
// deletes it. In English, then in Arabic.

const suffix = Math.random().toString(36).slice(2, 8);

async function openPerson(page: Page, name: string) {
  await page.goto('/users');
  await page.getByTestId('users-search').fill(name);
  // The person's own row: while the search runs, the grid may still show (or briefly show no) other rows.
  const row = page.getByTestId('users-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('person-edit').click();
  await expect(page.getByRole('dialog')).toContainText(name.split(' ')[0]!);
  await expect(page.getByTestId('person-face')).toBeVisible();
}

test('face sign-in: turned on, a paper consent recorded and a Face ID generated in the drawer, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const world = loadWorld();
  const api = await apiCaller(world.people.acmeAdmin);
  const site = await api.call<{ id: string }>('POST', '/sites', { name: `Faces ${suffix}` });
  const type = await api.call<{ id: string }>('POST', '/user-types', {
    name: `Faces ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  try {
    await loginAs('acmeAdmin');
    await page.goto('/company');
    const toggle = page.getByTestId('face-sign-in-toggle');
    await expect(toggle).not.toBeChecked();
    await page.getByTestId('face-threshold').fill('0.9');
    await page.getByTestId('face-sign-in-save').click();
    await expect(page.getByText('The match threshold is a number from 0.21 to 0.6.')).toBeVisible();
    await page.getByTestId('face-threshold').fill('0.45');
    await toggle.check();
    await page.getByTestId('face-sign-in-save').click();
    await expect(page.getByText('Face sign-in saved')).toBeVisible();
    await expectAccessible(page, 'company face sign-in');

    for (const [lang, first] of [
      ['en', 'Amal'],
      ['ar', 'Amira'],
    ] as const) {
      if (lang === 'ar') {
        await page.getByTestId('language-menu').click();
        await page.getByTestId('language-ar').click();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      }
      const person = await api.call<{ id: string }>('POST', '/people', {
        first_name: first,
        last_name: `Face ${suffix}`,
        role_id: world.companies.acme.roles.employee,
        site_ids: [site.id],
        user_type_ids: [type.id],
      });
      const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      const photo = await page.request.put(`/api/v1/people/${person.id}/photo`, {
        multipart: { file: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: await facePhoto('amal') } },
        headers: { 'x-csrf-token': csrf },
      });
      expect(photo.ok()).toBe(true);

      await openPerson(page, `${first} Face ${suffix}`);
      const face = page.getByTestId('person-face');
      await expect(face.getByTestId('person-face-id')).toHaveText(lang === 'en' ? 'No face ID' : 'لا يوجد معرّف وجه');
      await face.getByTestId('person-face-record').click();
      await page.getByTestId('person-face-record-confirm').click();
      await expect(face.getByTestId('person-face-consent')).toContainText(
        lang === 'en' ? 'Signed paper consent recorded' : 'موافقة ورقية موقّعة',
      );
      // Consent given with a photo: the face ID is made by itself; Generate makes it again on asking.
      await expect(face.getByTestId('person-face-id')).toContainText(
        lang === 'en' ? 'Face ID made' : 'أُنشئ معرّف الوجه',
      );
      await face.getByTestId('person-face-generate').click();
      await expect(page.getByText(lang === 'en' ? 'Generated Face ID' : 'تم إنشاء معرّف الوجه')).toBeVisible();
      await expectAccessible(page, `person face sign-in ${lang}`);
      await page.screenshot({ path: screenPath(`face-sign-in-drawer-${lang}`) });

      await face.getByTestId('person-face-withdraw').click();
      await page.getByTestId('person-face-withdraw-confirm').click();
      await expect(face.getByTestId('person-face-id')).toHaveText(lang === 'en' ? 'No face ID' : 'لا يوجد معرّف وجه');
      await expect(face.getByTestId('person-face-record')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await page.goto('/company');
    await page.getByTestId('face-sign-in-toggle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenPath('face-sign-in-company-ar'), fullPage: true });
  } finally {
    await api.call('PUT', '/face-settings', { enabled: false });
    await api.call('PUT', '/me/lang', { lang: 'en' }).catch(() => undefined);
    await api.dispose();
  }
});
