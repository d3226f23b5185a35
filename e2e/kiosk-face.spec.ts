import { facePhoto } from '../apps/server/test/helpers/face-photos';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { fakeCameraArgs, showToCamera, showVideoToCamera } from './fixtures/fake-camera';
import { headTurnVideo } from './fixtures/head-turn';
import { openTablet, pairKioskByApi } from './fixtures/kiosk-tablet';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { CHROMIUM_FLAGS, HEADLESS_SHELL } from './tools/browser-path';

// Face sign-in at the door (decision 050), on a real kiosk app whose camera shows a person turning
// their head (made from a sample photo): Dana, who consented and has a face ID, signs in by looking at
// the kiosk in English, says "no" once, then signs out by her face in Arabic.
test.use({
  launchOptions: {
    executablePath: HEADLESS_SHELL,
    args: [...CHROMIUM_FLAGS, ...fakeCameraArgs()],
  },
});

const tag = Math.random().toString(36).slice(2, 8);

type Visit = { id: string; person: { id: string }; state: string; sign_in_source: string };

test('a consenting person signs in by looking at the kiosk in English and signs out by face in Arabic', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(150_000);
  const world = loadWorld();
  const api = await apiCaller(world.people.acmeAdmin);
  const post = <T = { id: string }>(url: string, body: unknown) => api.call<T>('POST', url, body);
  showVideoToCamera(await headTurnVideo(await facePhoto('dana')));
  try {
    await api.call('PUT', '/face-settings', { enabled: true });
    const site = await post('/sites', { name: `Face door ${tag}` });
    const area = await post('/areas', { site_id: site.id, name: `Face lobby ${tag}` });
    const staff = await post('/user-types', {
      name: `Face staff ${tag}`,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    });
    const withFace = async (first: string, photo: Buffer) => {
      const person = await post('/people', {
        first_name: first,
        last_name: `Face${tag}`,
        role_id: world.companies.acme.roles.employee,
        site_ids: [site.id],
        user_type_ids: [staff.id],
      });
      await api.upload(`/people/${person.id}/photo`, photo, 'face.jpg');
      await api.call('PUT', `/people/${person.id}/face-consent`, { source: 'paper' });
      await post(`/people/${person.id}/face-id`, {});
      return person;
    };
    const dana = await withFace('Dana', await facePhoto('dana'));
    await withFace('Bruno', await facePhoto('bruno'));
    const journey = await post('/journeys', { name: `Face journey ${tag}`, site_ids: [site.id] });
    await post(`/journeys/${journey.id}/flows`, {
      user_type_ids: [staff.id],
      inputs: ['face', 'name_search'],
      checks: { host: false, print_badge: false, show_name: true, show_photo: true },
      feedback: { welcome_message: 'Welcome {name}', goodbye_message: 'مع السلامة {name}' },
    });

    await loginAs('acmeAdmin');
    const kiosk = await pairKioskByApi(page, {
      areaId: area.id,
      name: `Face kiosk ${tag}`,
      company: world.companies.acme.name,
      site: `Face door ${tag}`,
      area: `Face lobby ${tag}`,
    });
    await api.call('PUT', `/kiosks/${kiosk.id}/settings`, { language: 'en' });
    await api.call('PUT', `/journeys/${journey.id}/kiosks`, { kiosk_ids: [kiosk.id] });
    const visitsOf = async () =>
      (await api.call<{ data: Visit[] }>('GET', `/visits?search=Face${tag}`)).data.filter(
        (v) => v.person.id === dana.id,
      );

    const tablet = await openTablet(browser, baseURL!, kiosk);
    const k = tablet.page;
    try {
      // 1. English: the camera finds Dana, asks her to turn her head, and asks whether she is Dana.
      await k.getByTestId('kiosk-sign-in-button').click();
      await expect(k.getByTestId('kiosk-face-status')).toBeVisible();
      await expect(k.getByText('Look at the camera', { exact: true })).toBeVisible();
      await expectAccessible(k, 'the kiosk’s identify screen with face sign-in');
      await k.screenshot({ path: screenPath('kiosk-face-identify-en'), animations: 'disabled' });
      await expect(k.getByTestId('kiosk-face-confirm')).toBeVisible({ timeout: 45_000 });
      await expect(k.getByRole('heading', { name: 'Are you Dana?' })).toBeVisible();
      await expectAccessible(k, 'the kiosk’s “Are you Dana?”');
      await k.screenshot({ path: screenPath('kiosk-face-confirm-en'), animations: 'disabled' });

      // "No": the other ways only (her name), the camera no longer asks.
      await k.getByTestId('kiosk-face-no').click();
      await expect(k.getByTestId('kiosk-name-search')).toBeVisible();
      await expect(k.getByTestId('kiosk-face-status')).toHaveCount(0);
      await k.getByTestId('kiosk-back').click();

      await k.getByTestId('kiosk-sign-in-button').click();
      await expect(k.getByTestId('kiosk-face-confirm')).toBeVisible({ timeout: 45_000 });
      await k.getByTestId('kiosk-face-yes').click();
      await expect(k.getByTestId('kiosk-done-message')).toHaveText('Welcome Dana', { timeout: 15_000 });
      await expect.poll(visitsOf).toEqual([expect.objectContaining({ state: 'on_site', sign_in_source: 'kiosk' })]);
      await k.getByTestId('kiosk-done-close').click();

      // 2. Arabic: she signs out the same way.
      await k.getByTestId('kiosk-language-ar').click();
      await expect(k.locator('html')).toHaveAttribute('dir', 'rtl');
      await k.getByTestId('kiosk-sign-out-button').click();
      await expect(k.getByText('انظر إلى الكاميرا', { exact: true })).toBeVisible();
      await expect(k.getByTestId('kiosk-face-confirm')).toBeVisible({ timeout: 45_000 });
      await expect(k.getByRole('heading', { name: 'هل أنت Dana؟' })).toBeVisible();
      await expectAccessible(k, 'the kiosk’s “Are you Dana?” in Arabic');
      await k.screenshot({ path: screenPath('kiosk-face-confirm-ar'), animations: 'disabled' });
      await k.getByTestId('kiosk-face-yes').click();
      await expect(k.getByTestId('kiosk-done')).toHaveAttribute('data-action', 'sign_out', { timeout: 15_000 });
      await expect(k.getByTestId('kiosk-done-message')).toHaveText('مع السلامة Dana');
      await expect.poll(async () => (await visitsOf())[0]?.state).toBe('left');
      expect(tablet.errors).toEqual([]);
    } finally {
      await tablet.close();
    }
  } finally {
    showToCamera(null);
    await api.call('PUT', '/face-settings', { enabled: false }).catch(() => undefined);
    await api.dispose();
  }
});
