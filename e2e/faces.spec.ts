import { request, type APIRequestContext, type Page } from '@playwright/test';
import type { FaceIdsQueued, FaceState } from '@app/shared/people/faces';
import { faceless, facePhoto } from '../apps/server/test/helpers/face-photos';
import { expectAccessible } from './fixtures/a11y';
import { signInThroughApi } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// Face sign-in on the people list (decision 050): "Generate Face IDs" makes the face IDs of a user type's
// consenting people with a photo as a job; each person's drawer then shows their face ID, or why their
// photo was refused. The company's card and the drawer's section are shown in English and Arabic at a
// laptop's size (e2e/face-sign-in.spec.ts goes through the card's form and the drawer's buttons).
// Consents are recorded while face sign-in is off, so nothing makes a face ID before the mass action asks.

const suffix = Math.random().toString(36).slice(2, 8);
const crewType = `Faces Crew ${suffix}`;
const emptyType = `Faces Empty ${suffix}`;

type Api = {
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) => Promise<T>;
  uploadPhoto: (personId: string, photo: Buffer) => Promise<void>;
  dispose: () => Promise<void>;
};

/** The company's admin acting through the API (session cookie and CSRF header, like the web app). */
async function adminApi(): Promise<Api> {
  const world = loadWorld();
  const context: APIRequestContext = await request.newContext({ baseURL: world.baseURL });
  await signInThroughApi(context, world.baseURL, world.people.acmeAdmin);
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const check = async (res: Awaited<ReturnType<APIRequestContext['fetch']>>) => {
    if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
    return res.status() === 204 ? null : await res.json();
  };
  return {
    call: async <T>(method: string, url: string, data?: unknown) =>
      (await check(await context.fetch(`/api/v1${url}`, { method, data, headers: { 'x-csrf-token': csrf } }))) as T,
    uploadPhoto: async (personId, photo) => {
      await check(
        await context.put(`/api/v1/people/${personId}/photo`, {
          multipart: { photo: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: photo } },
          headers: { 'x-csrf-token': csrf },
        }),
      );
    },
    dispose: () => context.dispose(),
  };
}

type Someone = { id: string; name: string };
let api: Api;
let setup: { siteId: string; typeIds: string[]; amal: Someone; bruno: Someone; dana: Someone; chidi: Someone };

test.use({ viewport: { width: 1366, height: 800 } });

test.beforeAll(async () => {
  const world = loadWorld();
  api = await adminApi();
  await api.call('PUT', '/face-settings', { enabled: false });
  const site = await api.call<{ id: string }>('POST', '/sites', { name: `Faces HQ ${suffix}` });
  const type = (name: string) =>
    api.call<{ id: string }>('POST', '/user-types', {
      name,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
  const crew = await type(crewType);
  const empty = await type(emptyType);
  const person = async (first: string, photo: Buffer, consent: boolean): Promise<Someone> => {
    const made = await api.call<{ id: string; full_name: string }>('POST', '/people', {
      first_name: first,
      last_name: `Faces ${suffix}`,
      role_id: world.companies.acme.roles.employee,
      site_ids: [site.id],
      user_type_ids: [crew.id],
    });
    await api.uploadPhoto(made.id, photo);
    if (consent) await api.call('PUT', `/people/${made.id}/face-consent`, { source: 'paper' });
    return { id: made.id, name: made.full_name };
  };
  setup = {
    siteId: site.id,
    typeIds: [crew.id, empty.id],
    amal: await person('Amal', await facePhoto('amal'), true),
    bruno: await person('Bruno', await facePhoto('bruno'), true),
    // A photo with no face: the job keeps the refusal as her last error.
    dana: await person('Dana', await faceless(), true),
    // No consent: never a face ID.
    chidi: await person('Chidi', await facePhoto('chidi'), false),
  };
  await api.call('PUT', '/face-settings', { enabled: true });
});

test.afterAll(async () => {
  await api.call('PUT', '/face-settings', { enabled: false });
  for (const someone of [setup.amal, setup.bruno, setup.dana, setup.chidi]) {
    await api.call('DELETE', `/people/${someone.id}`);
  }
  for (const id of setup.typeIds) await api.call('DELETE', `/user-types/${id}`);
  await api.call('DELETE', `/sites/${setup.siteId}`);
  await api.dispose();
});

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const faceOf = (id: string) => api.call<FaceState>('GET', `/people/${id}/face`);

/** The people of this run in the grid, all selected: the mass actions show. */
async function selectThisRun(page: Page) {
  await page.goto('/users');
  await page.getByTestId('users-search').fill(`Faces ${suffix}`);
  await expect(page.getByTestId('users-row')).toHaveCount(4);
  await page.getByTestId('users-select-page').check();
}

async function openDrawer(page: Page, someone: Someone) {
  await page.getByTestId('users-search').fill(someone.name);
  // The row of this name: the grid still shows the last search's row until the new answer comes.
  const row = page.locator(`[data-testid="users-row"][data-name="${someone.name}"]`);
  await expect(page.getByTestId('users-row')).toHaveCount(1);
  await row.getByTestId('person-edit').click();
  await expect(page.getByRole('dialog', { name: new RegExp(someone.name) })).toBeVisible();
  const face = page.getByTestId('person-face');
  await face.scrollIntoViewIfNeeded();
  return face;
}

async function closeDrawer(page: Page) {
  await page.locator('.mantine-Drawer-close').click();
  await expect(page.getByTestId('person-form')).toBeHidden();
}

/** The company page scrolled to its Face sign-in card, for the screenshot. */
async function showCard(page: Page) {
  await page.goto('/company');
  await expect(page.getByTestId('face-sign-in-toggle')).toBeChecked();
  await page.getByTestId('face-sign-in-save').scrollIntoViewIfNeeded();
}

test('Generate Face IDs makes the face IDs of a user type’s consenting people; the drawer shows each result', async ({
  page,
  loginAs,
}) => {
  await loginAs('acmeAdmin');
  await showCard(page);
  await page.screenshot({ path: screenPath('faces-company-en'), animations: 'disabled' });

  await selectThisRun(page);
  await page.getByTestId('mass-face-ids').click();
  const modal = page.getByTestId('mass-face-ids-modal');
  // The user type the selected people share is offered first.
  await expect(modal.getByTestId('mass-face-ids-user-type')).toHaveValue(crewType);
  await expectAccessible(page, 'Generate Face IDs (en)');
  await page.screenshot({ path: screenPath('faces-mass-en'), animations: 'disabled' });

  const answer = page.waitForResponse((res) => res.url().endsWith('/api/v1/people/face-ids'));
  await modal.getByTestId('mass-face-ids-confirm').click();
  const { queued } = (await (await answer).json()) as FaceIdsQueued;
  // The three who consented with a photo, unless the job's own sweep took some of them first.
  expect(queued).toBeGreaterThan(0);
  const said = queued === 1 ? 'Making the face ID of 1 person.' : `Making the face IDs of ${queued} people.`;
  await expect(toast(page, said)).toBeVisible();
  await expect(modal).toBeHidden();

  // The job: two face IDs made, one photo refused; the person who did not consent has none.
  await expect
    .poll(
      async () => {
        const amal = await faceOf(setup.amal.id);
        const bruno = await faceOf(setup.bruno.id);
        const dana = await faceOf(setup.dana.id);
        return [!!amal.face_id_since, !!bruno.face_id_since, dana.last_error?.code ?? null];
      },
      // The model loads in a worker on first use (about a second), then half a second a photo.
      { timeout: 30_000 },
    )
    .toEqual([true, true, 'face_none']);
  expect((await faceOf(setup.chidi.id)).face_id_since).toBeNull();

  const amal = await openDrawer(page, setup.amal);
  await expect(amal.getByTestId('person-face-consent')).toContainText('Signed paper consent recorded by you');
  await expect(amal.getByTestId('person-face-id')).toContainText('Face ID made');
  await page.screenshot({ path: screenPath('faces-drawer-en'), animations: 'disabled' });
  await closeDrawer(page);

  const dana = await openDrawer(page, setup.dana);
  await expect(dana.getByTestId('person-face-id')).toHaveText('No face ID');
  await expect(dana.getByTestId('person-face-error')).toHaveText(
    'No face was found in this photo. Use a clear, front-facing photo of the person.',
  );
  await expectAccessible(page, 'person drawer with a refused photo (en)');
  await page.screenshot({ path: screenPath('faces-drawer-error-en'), animations: 'disabled' });
});

test('face sign-in in Arabic: the card, the mass action and the drawer read right to left', async ({
  page,
  loginAs,
}) => {
  // Independent of the test above: Amal's face ID is made here if it is not yet.
  if (!(await faceOf(setup.amal.id)).face_id_since) await api.call('POST', `/people/${setup.amal.id}/face-id`);
  await loginAs('acmeAdmin');
  await page.evaluate('window.localStorage.setItem("language", "ar")');
  try {
    await showCard(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('لا تُحفظ نسخة ثانية من الصورة', { exact: false })).toBeVisible();
    await expectAccessible(page, 'company face sign-in (ar)');
    await page.screenshot({ path: screenPath('faces-company-ar'), animations: 'disabled' });

    await selectThisRun(page);
    await page.getByTestId('mass-face-ids').click();
    const modal = page.getByTestId('mass-face-ids-modal');
    await expect(page.getByRole('dialog', { name: 'إنشاء معرّفات الوجه لنوع مستخدم' })).toBeVisible();
    await modal.getByTestId('mass-face-ids-user-type').click();
    await page.getByRole('option', { name: emptyType }).click();
    await expect(modal.getByTestId('mass-face-ids-user-type')).toHaveValue(emptyType);
    await expectAccessible(page, 'Generate Face IDs (ar)');
    await page.screenshot({ path: screenPath('faces-mass-ar'), animations: 'disabled' });
    // Nobody of that user type waits for a face ID.
    await modal.getByTestId('mass-face-ids-confirm').click();
    await expect(toast(page, 'لا أحد من نوع المستخدم هذا ينتظر معرّف وجه')).toBeVisible();

    const amal = await openDrawer(page, setup.amal);
    await expect(amal.getByTestId('person-face-consent')).toContainText('موافقة ورقية موقّعة بواسطتك');
    await expect(amal.getByTestId('person-face-id')).toContainText('أُنشئ معرّف الوجه');
    await expectAccessible(page, 'person drawer face sign-in (ar)');
    await page.screenshot({ path: screenPath('faces-drawer-ar'), animations: 'disabled' });
  } finally {
    await page.evaluate('window.localStorage.setItem("language", "en")');
  }
});
