import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { pageApi } from './fixtures/api';
import { fakeCameraArgs, showToCamera } from './fixtures/fake-camera';
import { openTablet, pairKioskByApi } from './fixtures/kiosk-tablet';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { CHROMIUM_FLAGS, HEADLESS_SHELL } from './tools/browser-path';

// A day at the door on a real kiosk app (a 1024×768 tablet whose camera shows QR codes): a visitor
// signs in by name in Arabic with a photo, a compliance and a host; signs out by showing a QR code and
// rates the visit; the network goes down and two people sign in (one by name, one by QR) from what the
// kiosk keeps; the network comes back and the dashboard has each of them once, for review; a new
// visitor registers at the kiosk in English.
test.use({
  launchOptions: {
    executablePath: HEADLESS_SHELL,
    args: [...CHROMIUM_FLAGS, ...fakeCameraArgs()],
  },
});

const tag = Math.random().toString(36).slice(2, 8);

/** Hana chosen as the host (offline, the flow's only host comes chosen already). */
async function chooseHost(k: Page) {
  const hana = k.getByTestId('kiosk-host-option').filter({ hasText: 'Hana' });
  if ((await hana.getAttribute('aria-pressed')) !== 'true') await hana.click();
  await expect(hana).toHaveAttribute('aria-pressed', 'true');
}

type Visit = { id: string; person: { id: string }; state: string; sign_in_source: string; rating: unknown };

test('a day at the door: Arabic sign-in with photo, compliance and host, QR sign-out with a rating, an outage, a new visitor', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(180_000);
  showToCamera(null);
  await loginAs('acmeAdmin');
  const admin = pageApi(page);
  const post = async <T = { id: string }>(url: string, data: unknown) => (await admin.post(url, data)) as T;

  const site = await post('/sites', { name: `Door site ${tag}` });
  const area = await post('/areas', { site_id: site.id, name: `Door lobby ${tag}` });
  const visitors = await post('/user-types', {
    name: `Door visitors ${tag}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const roles = (await admin.get('/people/roles')) as unknown as { id: string; key: string | null }[];
  const employee = roles.find((r) => r.key === 'employee')!.id;
  const person = (first: string) =>
    post('/people', {
      first_name: first,
      last_name: `Door${tag}`,
      email: `${first.toLowerCase()}.door.${tag}@example.test`,
      role_id: employee,
      site_ids: [site.id],
      user_type_ids: [visitors.id],
    });
  const host = await person('Hana');
  const rules = await post('/compliances', {
    name: `Door rules ${tag}`,
    format: 'statement',
    frequency: 'every_time',
    content: { statement: 'I will follow the instructions of the site staff.' },
  });
  const journey = await post('/journeys', { name: `Door journey ${tag}`, site_ids: [site.id] });
  await post(`/journeys/${journey.id}/flows`, {
    user_type_ids: [visitors.id],
    inputs: ['qr_code', 'name_search'],
    checks: { host: true, print_badge: true, show_name: true, show_photo: true },
    host_ids: [host.id],
    compliances: [{ id: rules.id }],
    feedback: { ask_rating: true, speak_messages: true, welcome_message: 'أهلاً {name}' },
    output: { open_door: true, door_open_seconds: 2 },
  });
  const [ada, bob, cleo] = [await person('Ada'), await person('Bob'), await person('Cleo')];
  const passes = await post<{ passes: { user_id: string; qr_payload: string }[] }>('/quick-passes', {
    user_ids: [ada.id, cleo.id],
  });
  const qrOf = (id: string) => passes.passes.find((p) => p.user_id === id)!.qr_payload;

  const kiosk = await pairKioskByApi(page, {
    areaId: area.id,
    name: `Door kiosk ${tag}`,
    company: 'Acme',
    site: `Door site ${tag}`,
    area: `Door lobby ${tag}`,
  });
  // Door relay mode 1: the flow opens the door on signing in, not on signing out.
  await admin.put(`/kiosks/${kiosk.id}/settings`, { language: 'ar', door_relay: 1 });
  await admin.put(`/journeys/${journey.id}/kiosks`, { kiosk_ids: [kiosk.id] });
  const visitsOf = async (id: string) =>
    ((await admin.get(`/visits?search=Door${tag}`)) as { data: Visit[] }).data.filter((v) => v.person.id === id);

  const tablet = await openTablet(browser, baseURL!, kiosk);
  const k = tablet.page;
  try {
    // 1. In Arabic, by name: a photo (the badge shows one and Ada has none), the rules, the host.
    await expect(k.locator('html')).toHaveAttribute('dir', 'rtl');
    await k.getByTestId('kiosk-sign-in-button').click();
    await k.getByTestId('kiosk-name-search').fill(`Ada Door${tag}`);
    await k
      .getByTestId('kiosk-person-hit')
      .filter({ hasText: `Door${tag}` })
      .click();
    await expect(k.getByTestId('kiosk-photo')).toBeVisible();
    await expect(k.getByTestId('kiosk-photo-take')).toBeEnabled();
    await expectAccessible(k, 'the kiosk’s photo step, in Arabic');
    await k.getByTestId('kiosk-photo-take').click();
    await expect(k.getByTestId('kiosk-photo-taken')).toBeVisible();
    await k.screenshot({ path: screenPath('kiosk-door-photo-ar'), animations: 'disabled' });
    await k.getByTestId('kiosk-photo-keep').click();
    await expect(k.getByTestId('kiosk-compliance')).toBeVisible();
    await expectAccessible(k, 'the kiosk’s compliance step, in Arabic');
    await k.screenshot({ path: screenPath('kiosk-door-compliance-ar'), animations: 'disabled' });
    await k.getByTestId('kiosk-compliance-accept').locator('[data-value="yes"]').click();
    await k.getByTestId('kiosk-next').click();
    await expect(k.getByTestId('kiosk-host')).toBeVisible();
    await chooseHost(k);
    await expectAccessible(k, 'the kiosk’s host step, in Arabic');
    await k.getByTestId('kiosk-next').click();
    await expect(k.getByTestId('kiosk-done-message')).toHaveText('أهلاً Ada');
    await expect(k.getByTestId('kiosk-door-open')).toBeVisible();
    await expect.poll(() => tablet.spoken()).toContain('أهلاً Ada');
    await expect.poll(() => tablet.prints()).toBe(1);
    await expect(k.getByTestId('kiosk-badge')).toContainText(`Ada Door${tag}`);
    await k.getByTestId('kiosk-done-close').click();
    expect(await visitsOf(ada.id)).toEqual([expect.objectContaining({ state: 'on_site', sign_in_source: 'kiosk' })]);
    const adaNow = (await admin.get(`/people/${ada.id}`)) as unknown as { photo_url: string | null };
    expect(adaNow.photo_url).not.toBeNull();

    // 2. In English, Ada signs out by showing her QuickPass to the camera, and rates the visit.
    await k.getByTestId('kiosk-language-en').click();
    await expect(k.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(k.getByTestId('kiosk-door-open')).toHaveCount(0);
    showToCamera(qrOf(ada.id));
    await k.getByTestId('kiosk-sign-out-button').click();
    await expect(k.getByTestId('kiosk-done')).toHaveAttribute('data-action', 'sign_out', { timeout: 15_000 });
    // Relay mode 1 opens nothing on signing out (the door would show with the goodbye, in the same render).
    expect(await k.getByTestId('kiosk-door-open').count()).toBe(0);
    await k.getByTestId('kiosk-rating').locator('[data-value="4"]').click();
    await expect(k.getByTestId('kiosk-done')).toContainText('Thank you for your rating.');
    await expect.poll(async () => (await visitsOf(ada.id))[0]?.rating).toEqual({ score: 4, max: 5 });
    showToCamera(null);
    await k.getByTestId('kiosk-done-close').click();

    // 3. The network goes down: Bob by name and Cleo by QR, from what the kiosk keeps.
    await expect(k.getByTestId('kiosk-app')).toHaveAttribute('data-people-kept', /^[1-9]\d*$/);
    await tablet.context.setOffline(true);
    await k.getByTestId('kiosk-sign-in-button').click();
    await k.getByTestId('kiosk-name-search').fill(`Bob Door${tag}`);
    await k
      .getByTestId('kiosk-person-hit')
      .filter({ hasText: `Bob Door${tag}` })
      .click();
    await expect(k.getByTestId('kiosk-offline')).toBeVisible();
    await chooseHost(k);
    await k.getByTestId('kiosk-next').click();
    await expect(k.getByTestId('kiosk-done-offline')).toBeVisible();
    await expectAccessible(k, 'the kiosk’s confirmation while offline');
    await k.screenshot({ path: screenPath('kiosk-door-offline-en'), animations: 'disabled' });
    await k.getByTestId('kiosk-done-close').click();

    showToCamera(qrOf(cleo.id));
    await k.getByTestId('kiosk-sign-in-button').click();
    await expect(k.getByTestId('kiosk-host')).toBeVisible({ timeout: 15_000 });
    showToCamera(null);
    await chooseHost(k);
    await k.getByTestId('kiosk-next').click();
    await expect(k.getByTestId('kiosk-done-offline')).toBeVisible();
    await expect(k.getByTestId('kiosk-done-message')).toContainText('Cleo');
    await k.getByTestId('kiosk-done-close').click();
    expect(await visitsOf(bob.id)).toEqual([]);

    // 4. Back online: the queue is replayed; each is on the dashboard once, listed for review (no rules answered).
    await tablet.context.setOffline(false);
    await expect(k.getByTestId('kiosk-offline')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await visitsOf(bob.id)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await visitsOf(cleo.id)).length).toBe(1);
    expect((await visitsOf(bob.id))[0]).toMatchObject({ state: 'on_site', sign_in_source: 'kiosk' });
    const reviews = (await admin.get('/kiosk-reviews')) as { data: { person: { id: string | null } }[] };
    expect(reviews.data.filter((r) => [bob.id, cleo.id].includes(r.person.id ?? '')).length).toBe(2);

    // 5. A new visitor registers at the kiosk, with a photo.
    await k.getByTestId('kiosk-sign-in-button').click();
    await k.getByTestId('kiosk-register-new').click();
    await expect(k.getByTestId('kiosk-register')).toBeVisible();
    await k.getByTestId('kiosk-register-send').click();
    await expect(k.locator('#kiosk-register-first_name-error')).toBeVisible();
    await expectAccessible(k, 'the kiosk’s registration form');
    await k.getByTestId('kiosk-register-first_name').fill('Nia');
    await k.getByTestId('kiosk-register-last_name').fill(`Door${tag}`);
    await k.getByTestId('kiosk-register-email').fill(`nia.door.${tag}@example.test`);
    await k.getByTestId('kiosk-register-company_name').fill('Globex');
    await k.screenshot({ path: screenPath('kiosk-door-register-en'), animations: 'disabled' });
    await k.getByTestId('kiosk-register-send').click();
    await expect(k.getByTestId('kiosk-photo-take')).toBeEnabled();
    await k.getByTestId('kiosk-photo-take').click();
    await k.getByTestId('kiosk-photo-keep').click();
    await k.getByTestId('kiosk-compliance-accept').locator('[data-value="yes"]').click();
    await k.getByTestId('kiosk-next').click();
    await chooseHost(k);
    await k.getByTestId('kiosk-next').click();
    await expect(k.getByTestId('kiosk-done-message')).toContainText('Nia');
    const people = (await admin.get(`/people?search=Nia Door${tag}`)) as {
      data: { id: string; photo_url: string | null; company_name: string | null }[];
    };
    expect(people.data).toEqual([expect.objectContaining({ company_name: 'Globex', photo_url: expect.any(String) })]);
    expect(tablet.errors).toEqual([]);
  } finally {
    await tablet.close();
    await admin.delete(`/kiosks/${kiosk.id}`);
  }
});
