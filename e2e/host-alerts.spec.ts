import { request, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { startReceiver } from './fixtures/receiver';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { PHONE } from './fixtures/visitor-phone';
import { loadWorld } from './fixtures/world';

// Host alerts in chat (decision 053): the admin adds a Slack channel on the webhooks page (a receiver
// this test runs on 127.0.0.1 stands for Slack); two guests register for visits that wait for approval;
// the channel gets a message per visit with Approve and Reject buttons. The host opens one link and
// approves in English, the other in Arabic and rejects, at desktop and phone widths; a used link then
// only says it was used.

const suffix = Math.random().toString(36).slice(2, 8);
const DESKTOP = { width: 1366, height: 800 };

type SlackMessage = { text: string; blocks: { type: string; elements?: { url?: string }[] }[] };

/** The page a message's button opens, on this server (the path and query of its URL). */
const buttonPath = (message: SlackMessage, index: number) => {
  const url = new URL(message.blocks.find((b) => b.type === 'actions')!.elements![index]!.url!);
  return `${url.pathname}${url.search}`;
};

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: screenPath(`${name}-desktop`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: screenPath(`${name}-390`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP });

test('host alerts: a Slack channel added, a guest waiting for approval approved and another rejected from the message’s links, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  const world = loadWorld();
  const api = await apiCaller(world.people.acmeAdmin);
  const receiver = await startReceiver(`/slack/${suffix}`);
  const anon = await request.newContext({ baseURL: world.baseURL });
  let siteId: string | null = null;
  try {
    // A site whose guests register waiting for approval, hosted by Hana.
    siteId = (await api.call<{ id: string }>('POST', '/sites', { name: `E2E Chat HQ ${suffix}` })).id;
    const area = await api.call<{ id: string }>('POST', '/areas', { site_id: siteId, name: `Reception ${suffix}` });
    const type = (name: string, method: string) =>
      api.call<{ id: string }>('POST', '/user-types', {
        name: `${name} ${suffix}`,
        registration_method: method,
        grace_period_minutes: 30,
      });
    const staff = await type('E2E Chat staff', 'registration_not_required');
    const guests = await type('E2E Chat guests', 'pre_registered_with_approval');
    const host = await api.call<{ id: string }>('POST', '/people', {
      first_name: 'Hana',
      last_name: `Host ${suffix}`,
      email: `hana.${suffix}@acme.test`,
      role_id: world.companies.acme.roles.employee,
      site_ids: [siteId],
      user_type_ids: [staff.id],
    });
    const journey = await api.call<{ id: string }>('POST', '/journeys', {
      name: `E2E Chat ${suffix}`,
      site_ids: [siteId],
    });
    await api.call('POST', `/journeys/${journey.id}/flows`, {
      user_type_ids: [guests.id],
      checks: { host: true },
      host_ids: [host.id],
    });
    const qr = (await api.call<{ url: string }>('GET', `/user-types/${guests.id}/qr`)).url.split('/').pop()!;

    // Integrations → Webhooks → Add endpoint, sent to Slack.
    await loginAs('acmeAdmin');
    await page.goto('/webhooks');
    await page.getByTestId('webhook-add').click();
    const drawer = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await drawer.getByTestId('webhook-form-kind').getByText('Slack', { exact: true }).click();
    await expect(drawer.getByRole('radio', { name: 'Slack' })).toBeChecked();
    await expect(drawer.getByText('Incoming webhook URL')).toBeVisible();
    await expect(drawer.getByTestId('webhook-form-event')).toHaveCount(3);
    await drawer.getByTestId('webhook-form-url').fill(receiver.url);
    await drawer.getByRole('checkbox', { name: 'Approval needed', exact: true }).check();
    await drawer.getByRole('checkbox', { name: 'Visitor late', exact: true }).check();
    await expectAccessible(page, 'the chat channel form');
    await page.screenshot({ path: screenPath('host-alerts-form-en') });
    await drawer.getByTestId('webhook-form-save').click();
    await expect(page.getByText('Channel added. Send a test message to see it there.')).toBeVisible();
    const row = page.locator(`[data-testid="webhook-row"][data-url="${receiver.url}"]`);
    await expect(row.getByTestId('webhook-kind')).toHaveText('Slack');
    await expect(row.getByTestId('webhook-event-chip')).toHaveText(['Visitor late', 'Approval needed']);
    const endpointId = (await row.getAttribute('data-id'))!;

    // Two guests register; the channel is asked about each.
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    for (const [first, phone] of [
      ['Gil', '7700900101'],
      ['Gia', '7700900102'],
    ] as const) {
      const res = await anon.post('/api/v1/public/pre-registrations', {
        data: {
          link_id: qr,
          user_type_id: guests.id,
          area_id: area.id,
          visit_date: tomorrow,
          visit_time: '10:00',
          first_name: first,
          last_name: `Guest ${suffix}`,
          email: `${first.toLowerCase()}.${suffix}@example.test`,
          phone_code: '+44',
          phone: phone.slice(0, 1) + String(Date.now()).slice(-9),
          host_ids: [host.id],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    const messages = receiver.received.map((r) => JSON.parse(r.body) as SlackMessage);
    const gil = messages.find((m) => m.text.includes('Gil'))!;
    const gia = messages.find((m) => m.text.includes('Gia'))!;
    expect(gil.text).toContain(`Gil Guest ${suffix}'s visit waits for your approval`);

    // The host opens Gil's Approve link: the page asks, with Approve first.
    await page.goto(buttonPath(gil, 0));
    const ask = page.getByTestId('host-approval-ask');
    await expect(ask.getByRole('heading', { name: `Gil Guest ${suffix}`, level: 1 })).toBeVisible();
    await expect(ask).toContainText('Hello Hana, this visit waits for your approval');
    await expect(page.getByTestId('host-approval-where')).toHaveText(`Reception ${suffix}, E2E Chat HQ ${suffix}`);
    await expectAccessible(page, 'the host’s approval page');
    await shoot(page, 'host-approval-en');
    await page.getByTestId('host-approval-approve').click();
    await expect(page.getByTestId('host-approval-done')).toContainText(`You approved Gil Guest ${suffix}’s visit`);
    await expectAccessible(page, 'the approval done');
    await shoot(page, 'host-approval-done-en');

    // Gia's Reject link, in Arabic: Reject comes first.
    await page.goto(buttonPath(gia, 1));
    await expect(page.getByTestId('host-approval-ask')).toBeVisible();
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('host-approval-ask')).toContainText('مرحبًا Hana، هذه الزيارة بانتظار موافقتك');
    await expectAccessible(page, 'the host’s approval page in Arabic');
    await shoot(page, 'host-approval-ar');
    await page.getByTestId('host-approval-reject').click();
    await expect(page.getByTestId('host-approval-done')).toContainText(`رفضت زيارة Gia Guest ${suffix}`);
    await shoot(page, 'host-approval-done-ar');

    // A used link only says so.
    await page.goto(buttonPath(gil, 1));
    await expect(page.getByTestId('host-approval-done')).toContainText(`Gil Guest ${suffix}`);
    await expect(page.getByTestId('host-approval-reject')).toHaveCount(0);
    await api.call('DELETE', `/webhooks/${endpointId}`);
  } finally {
    await anon.dispose();
    await receiver.close();
    if (siteId) await api.call('DELETE', `/sites/${siteId}`).catch(() => undefined);
    await api.dispose();
  }
});
