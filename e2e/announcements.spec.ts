import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import { expectGridMirrored } from './fixtures/grid';
import { setServerClockAhead } from './fixtures/server-clock';

// Announcements (spec §2 /announcements, /add-announcement, /announcement-details): written with the
// rich-text editor, refused in the past, then moved from scheduled to active by the job runner while
// the list stays open; edited, deleted, and the list in Arabic.

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

/** A reading of the company's clock (YYYY-MM-DDTHH:mm) moved by whole minutes, as DD/MM/YYYY and HH:mm. */
function shifted(reading: string, minutes: number) {
  const d = new Date(`${reading}:00Z`);
  d.setUTCMinutes(d.getUTCMinutes() + minutes);
  const iso = d.toISOString();
  return { date: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`, time: iso.slice(11, 16) };
}

async function companyClock(page: Page): Promise<{ timezone: string; now: string }> {
  const res = await page.request.get('/api/v1/announcements/clock');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { timezone: string; now: string };
}

async function setTime(page: Page, which: 'publish' | 'expires', at: { date: string; time: string }) {
  const date = page.getByTestId(`announcement-${which}-date`);
  await date.fill(at.date);
  await date.blur();
  await expect(date).toHaveValue(at.date);
  await page.getByTestId(`announcement-${which}-time-hours`).fill(at.time.slice(0, 2));
  await page.getByTestId(`announcement-${which}-time-minutes`).fill(at.time.slice(3, 5));
  // Closes the time picker's list.
  await page.getByTestId('announcement-clock').click();
}

// A test that moved the server's clock puts it back, whatever happened.
test.afterEach(() => setServerClockAhead(0));

const row = (page: Page, text: string) => page.locator('[data-testid="announcements-row"]').filter({ hasText: text });

test('an admin adds an announcement that turns active on time in the open list, then edits and deletes it', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const text = `Fire drill at the car park ${Date.now().toString(36)}`;
  await loginAs('acmeAdmin');
  await page.goto('/announcements');
  await expect(page.getByTestId('announcements-page')).toBeVisible();
  await page.getByTestId('announcement-add').click();
  await expect(page).toHaveURL(/\/add-announcement$/);

  // The editor loads on demand, with the spec's toolbar.
  const editor = page.getByTestId('announcement-text');
  await expect(editor).toBeVisible();
  for (const name of ['Bold', 'Italic', 'Underline', 'Text colour', 'Bulleted list', 'Numbered list', 'Centre', 'Link'])
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('editor-image')).toBeVisible();
  await expect(page.getByTestId('editor-video')).toBeVisible();
  const box = (await editor.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(124);

  // An empty text and a time in the past are refused on their fields, before anything is sent.
  // (The date picker offers no day before today: the past is today's midnight.)
  const clock = await companyClock(page);
  await setTime(page, 'publish', { date: shifted(clock.now, 0).date, time: '00:00' });
  await page.getByTestId('announcement-save').click();
  await expect(page.getByText('Write the announcement: it cannot be empty.')).toBeVisible();
  if (!clock.now.endsWith('T00:00'))
    await expect(page.getByText('The publish date and time cannot be in the past.')).toBeVisible();

  await editor.click();
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Fire drill');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(text.slice('Fire drill'.length));
  await expect(editor.locator('strong')).toHaveText('Fire drill');
  await page.getByTestId('announcement-url').fill('https://intranet.example.com/drill');
  await page.getByTestId('announcement-urgent').check();
  // Publishing at the minute after next of the company's clock, for a day: the list is still
  // certain to show it scheduled however late in its minute the form was saved.
  const now = (await companyClock(page)).now;
  await setTime(page, 'publish', shifted(now, 2));
  await setTime(page, 'expires', shifted(now, 24 * 60));
  await screenshot(page, 'announcement-form-en');
  await page.getByTestId('announcement-save').click();
  await expect(toast(page, 'Announcement has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/announcements$/);

  const mine = row(page, text);
  await expect(mine).toHaveAttribute('data-state', 'scheduled');
  await expect(mine.getByTestId('announcement-flag-urgent')).toBeVisible();
  await expect(mine.getByTestId('announcement-everyone')).toBeVisible();
  await page.getByTestId('announcements-filter-state').getByText('Scheduled', { exact: true }).click();
  await expect(mine).toBeVisible();
  await page.getByTestId('announcements-filter-state').getByText('All', { exact: true }).click();

  // The job runner moves it to active at its time; the open list follows without a reload. The
  // server's clock is moved past the publish minute rather than waited for.
  await page.evaluate('window.stayedOpen = true');
  const publishAt = shifted(now, 2);
  const publishReading = `${publishAt.date.split('/').reverse().join('-')}T${publishAt.time}`;
  setServerClockAhead(3 * 60_000);
  await expect.poll(async () => (await companyClock(page)).now >= publishReading).toBe(true);
  await expect(mine).toHaveAttribute('data-state', 'active', { timeout: 30_000 });
  await expect(mine.getByTestId('announcement-state')).toHaveText('Active');
  expect(await page.evaluate('window.stayedOpen')).toBe(true);
  await screenshot(page, 'announcements-en');

  // Edit: pinned instead of urgent, another link; the announcement opens with the spec's message.
  await mine.getByTestId('announcement-edit').click();
  await expect(page).toHaveURL(/\/add-announcement\?id=/);
  await expect(page.getByTestId('announcement-text')).toContainText(text);
  await page.getByTestId('announcement-urgent').uncheck();
  await page.getByTestId('announcement-pinned').check();
  await page.getByTestId('announcement-url').fill('https://intranet.example.com/drill-2');
  await page.getByTestId('announcement-save').click();
  await expect(toast(page, 'Announcement has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/announcement-details\?id=/);
  await expect(page.getByTestId('announcement-content').locator('strong')).toHaveText('Fire drill');
  await expect(page.getByTestId('announcement-details-url')).toHaveAttribute(
    'href',
    'https://intranet.example.com/drill-2',
  );
  await expect(page.getByTestId('announcement-flag-pinned')).toBeVisible();
  await expect(page.getByTestId('announcement-flag-urgent')).toHaveCount(0);
  await expect(page.getByTestId('announcement-state')).toHaveText('Active');
  await screenshot(page, 'announcement-details-en');

  // Delete, after saying so.
  await page.getByTestId('announcement-details-delete').click();
  await expect(page.getByRole('dialog')).toContainText('It is showing right now.');
  await page.getByTestId('announcement-delete-confirm').click();
  await expect(toast(page, 'Announcement has been deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/announcements$/);
  await expect(row(page, text)).toHaveCount(0);
});

test('the announcements list and form in Arabic are mirrored', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/announcements');
  const text = `Arabic check ${Date.now().toString(36)}`;
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const clock = await companyClock(page);
  const at = (minutes: number) => {
    const s = shifted(clock.now, minutes);
    return `${s.date.slice(6)}-${s.date.slice(3, 5)}-${s.date.slice(0, 2)}T${s.time}`;
  };
  const made = await page.request.post('/api/v1/announcements', {
    data: { text: `<p>${text}</p>`, verbal: true, publish_at: at(60), expires_at: at(180) },
    headers: { 'x-csrf-token': csrf },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { data } = (await made.json()) as { data: { id: string } };

  try {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('announcement-add')).toHaveText('إضافة إعلان');
    await page.getByTestId('announcements-search').fill(text);
    await expect(page.getByTestId('announcements-row')).toHaveCount(1);
    await expect(page.getByTestId('announcements-row').getByTestId('announcement-state')).toHaveText('مجدول');
    await expect(page.getByTestId('announcements-row').getByTestId('announcement-flag-verbal')).toHaveText('صوتي');
    await expect(page.locator('[data-testid="announcements-table"][aria-busy]')).toHaveCount(0);
    await expectGridMirrored(page, 'announcements', 'text');
    await screenshot(page, 'announcements-ar');

    await page.getByTestId('announcement-edit').click();
    await expect(page.getByTestId('announcement-text')).toContainText(text);
    // The toolbar reads from the right: its first group sits on the right half.
    const toolbar = (await page.locator('.mantine-RichTextEditor-toolbar').boundingBox())!;
    const bold = (await page.getByRole('button', { name: 'غامق', exact: true }).boundingBox())!;
    expect(bold.x).toBeGreaterThan(toolbar.x + toolbar.width / 2);
    await screenshot(page, 'announcement-form-ar');
  } finally {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const res = await page.request.delete(`/api/v1/announcements/${data.id}`, { headers: { 'x-csrf-token': csrf } });
    expect(res.status()).toBe(200);
  }
});
