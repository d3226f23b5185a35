import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import { JOURNEY_E2E, journeyLogo, seedJourneysWorld, type JourneysApi } from './fixtures/seed-journeys';

const JOURNEY = 'E2E Reception';
const ARABIC_JOURNEY = 'E2E Front gate';
let api: JourneysApi;

test.beforeAll(async ({ world }) => {
  api = await seedJourneysWorld(world.baseURL, world.people.acmeAdmin);
});
test.afterAll(async () => {
  await api.cleanUp([JOURNEY, ARABIC_JOURNEY]);
});

test('an admin builds a journey with one flow for two user types: temperature, host and badge', async ({
  page,
  loginAs,
  world,
}) => {
  // One long walk through four screens.
  test.setTimeout(180_000);
  await loginAs('acmeAdmin');
  await page.goto('/journeys');
  await page.getByTestId('journey-add').click();
  await expect(page).toHaveURL(/\/add-journey$/);

  // The name needs two characters; the form says so on the field.
  await page.getByTestId('journey-name').fill('E');
  await page.getByTestId('journey-save').click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await page.getByTestId('journey-name').fill(JOURNEY);
  await page.getByTestId('journey-description').fill('Guests and couriers at the front desk');
  await page.getByTestId('journey-sites').click();
  await page.getByRole('option', { name: JOURNEY_E2E.site }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('journey-logo-input').setInputFiles(journeyLogo());
  await expect(page.getByTestId('journey-logo-preview')).toBeVisible();
  await page.getByTestId('journey-save').click();

  // Spec §2: a new journey opens its flow builder.
  await expect(page).toHaveURL(/\/add\/journey\/flow\/[0-9a-f-]{36}$/);
  const journeyId = page.url().split('/').pop()!;
  await expect(page.getByTestId('flow-editor-title')).toHaveText(`Add flow to ${JOURNEY}`);

  const types = page.getByTestId('flow-user-types');
  await types.click();
  await page.getByRole('option', { name: JOURNEY_E2E.guests, exact: true }).click();
  await page.getByRole('option', { name: JOURNEY_E2E.couriers, exact: true }).click();
  await page.keyboard.press('Escape');

  await page.getByTestId('flow-section-inputs').getByText('QR code', { exact: true }).click();
  await page.getByTestId('flow-section-inputs').getByText('Name search', { exact: true }).click();

  // Temperature: a threshold with an F is Fahrenheit and is kept in Celsius (spec §4).
  await page.getByTestId('flow-check-temperature_check').check();
  await page.getByTestId('flow-temperature-threshold').fill('99.5F');
  await expect(page.getByText('Fahrenheit: stored as 37.5 °C.')).toBeVisible();
  // A host on the badge needs both a host and a badge.
  await expect(page.getByTestId('flow-check-print_badge_host')).toBeDisabled();
  await page.getByTestId('flow-check-host').check();
  await page.getByTestId('flow-check-print_badge').check();
  await page.getByTestId('flow-check-print_badge_host').check();
  await page.getByTestId('flow-check-print_badge_journey_company_logo').check();

  await page.getByTestId('flow-host-note').fill('Choose the person you are meeting.');
  const hosts = page.getByTestId('flow-hosts');
  await hosts.click();
  await hosts.fill(world.people.acmeEmployee.firstName);
  await page.getByRole('option', { name: new RegExp(world.people.acmeEmployee.fullName) }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('flow-notify-host').check();
  await page.getByTestId('flow-welcome').fill('Welcome, {name}!');
  await page.screenshot({ path: screenPath('journey-flow-editor-en'), fullPage: true });
  await page.getByTestId('flow-save').click();

  // Saving goes to the journey (SPEC-NOTES): one flow per user type, each with the same steps.
  await expect(page).toHaveURL(new RegExp(`/update/journey/${journeyId}$`));
  const row = (name: string) => page.locator(`[data-testid="flow-row"][data-name="${name}"]`);
  for (const name of [JOURNEY_E2E.guests, JOURNEY_E2E.couriers]) {
    await expect(row(name)).toContainText('Temperature ≤ 37.5 °C');
    await expect(row(name)).toContainText('Host required');
    await expect(row(name)).toContainText('Badge');
    await expect(row(name)).toContainText('QR code');
  }

  // Reopen the guests' flow: everything was kept; add a mask check.
  await row(JOURNEY_E2E.guests).getByTestId('flow-edit').click();
  await expect(page).toHaveURL(/\/update\/journey\/flow\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('flow-editor-title')).toHaveText(`Flow for ${JOURNEY_E2E.guests}`);
  await expect(page.getByTestId('flow-temperature-threshold')).toHaveValue('37.5');
  await expect(page.getByTestId('flow-check-print_badge_host')).toBeChecked();
  await expect(page.getByTestId('flow-check-print_badge_journey_company_logo')).toBeChecked();
  await expect(page.getByTestId('flow-host-note')).toHaveValue('Choose the person you are meeting.');
  await expect(page.locator('.mantine-Pill-root', { hasText: world.people.acmeEmployee.fullName })).toBeVisible();
  await page.getByTestId('flow-check-mask_check').check();
  // Saving asks only for what exists: never the flow's id as a journey's.
  const flowId = page.url().split('/').at(-1)!;
  const strays: string[] = [];
  const watch = (request: { url: () => string; method: () => string }) => {
    if (new URL(request.url()).pathname === `/api/v1/journeys/${flowId}`) strays.push(request.method());
  };
  page.on('request', watch);
  await page.getByTestId('flow-save').click();
  await expect(page).toHaveURL(new RegExp(`/update/journey/${journeyId}$`));
  await expect(row(JOURNEY_E2E.guests)).toContainText('Mask');
  page.off('request', watch);
  expect(strays).toEqual([]);

  // Spec §5: one 'registration not required' type per journey. Crew has a flow without inputs.
  await api.post(`/journeys/${journeyId}/flows`, { user_type_ids: [api.types.crew] });
  await page.reload();
  await expect(row(JOURNEY_E2E.crew)).toContainText('No input method');
  await page.getByTestId('flow-add').click();
  await page.getByTestId('flow-user-types').click();
  await expect(
    page.getByRole('option', {
      name: `${JOURNEY_E2E.walkIns} — another 'registration not required' type is in this journey`,
    }),
  ).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: `${JOURNEY_E2E.guests} — already has a flow` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await page.goto(`/update/journey/${journeyId}`);

  // Touch mode cannot go off while the crew's flow has no input method (spec §4).
  await expect(page.getByTestId('journey-touch-mode')).toBeChecked();
  await page.getByTestId('journey-touch-mode').dispatchEvent('click');
  await expect(page.getByTestId('touch-mode-blocked')).toContainText(JOURNEY_E2E.crew);
  await page.getByTestId('touch-mode-blocked-ok').click();
  await expect(page.getByTestId('journey-touch-mode')).toBeChecked();

  // The site's kiosk is moved to this journey from here.
  const kiosk = page.locator(`[data-testid="kiosk-row"][data-name="${JOURNEY_E2E.kiosk}"]`);
  await expect(kiosk.getByTestId('kiosk-journey')).toHaveText('No journey');
  await kiosk.getByTestId('kiosk-choose').check();
  await page.getByTestId('kiosks-move').click();
  await expect(page.getByText('Kiosk Moved')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-journey')).toHaveText('Runs this journey');
  await page.screenshot({ path: screenPath('journey-update-en'), fullPage: true });

  // Updating the journey goes back to the list.
  await page.getByTestId('journey-save').click();
  await expect(page).toHaveURL(/\/journeys$/);
  const listed = page.locator(`[data-testid="journeys-row"][data-name="${JOURNEY}"]`);
  await expect(listed).toContainText(JOURNEY_E2E.site);
  await expect(listed).toContainText(JOURNEY_E2E.couriers);
  await page.screenshot({ path: screenPath('journeys-en'), fullPage: true });
  // A journey kiosks run cannot be deleted: the action says why.
  await expect(listed.getByTestId('journey-delete')).toBeDisabled();
  await api.delete(`/journeys/${journeyId}/kiosks/${api.kioskId}`);
  await page.reload();
  await listed.getByTestId('journey-delete').click();
  await expect(page.getByText('Its 3 flows are deleted with it.')).toBeVisible();
  await page.getByTestId('journey-delete-confirm').click();
  await expect(page.getByText(`Journey ${JOURNEY} deleted`)).toBeVisible();
  await expect(listed).toHaveCount(0);
});

test('the flow editor in Arabic is mirrored', async ({ page, loginAs }) => {
  const journey = await api.post('/journeys', { name: ARABIC_JOURNEY, site_ids: [api.siteId] });
  const journeyId = journey.id;
  const created = (await api.post(`/journeys/${journeyId}/flows`, {
    user_type_ids: [api.types.guests],
    inputs: ['qr_code'],
    checks: { temperature_check: true, temperature_threshold: 38, host: true, print_badge: true },
  })) as unknown as { data: { id: string }[] };
  await loginAs('acmeAdmin');
  await page.goto(`/update/journey/flow/${created.data[0]!.id}`);
  await expect(page.getByTestId('flow-editor-title')).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('flow-editor-title')).toHaveText(`مسار ${JOURNEY_E2E.guests}`);
  await expect(page.getByTestId('flow-section-checks')).toContainText('فحص درجة الحرارة');
  // Mirrored: each section's icon stands at the right, before its title.
  const section = page.getByTestId('flow-section-checks');
  const icon = (await section.locator('.mantine-ThemeIcon-root').first().boundingBox())!;
  const title = (await section.getByRole('heading').first().boundingBox())!;
  expect(icon.x).toBeGreaterThan(title.x);
  await page.screenshot({ path: screenPath('journey-flow-editor-ar'), fullPage: true });
  await page.goto(`/update/journey/${journeyId}`);
  await expect(page.getByTestId('journey-flows')).toContainText('المسارات');
  await page.screenshot({ path: screenPath('journey-update-ar'), fullPage: true });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
