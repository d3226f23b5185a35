import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { startReceiver } from './fixtures/receiver';

// Outgoing webhooks (decision 052): the admin opens Integrations → Webhooks, adds an endpoint pointing
// at a receiver this test runs on 127.0.0.1 (the e2e server allows private networks), chooses an event,
// copies the secret shown once, sends a test message and watches its delivery succeed with 204 in the
// log; the receiver got a request signed to the Standard Webhooks specification. Then in Arabic: the
// list, the form, a rotation of the secret (the previous one still signs), and a second test message
// sent from the log, signed with both secrets.

const suffix = Math.random().toString(36).slice(2, 8);

test.use({ viewport: { width: 1366, height: 800 } });

/** Toasts dismissed and the pointer off any tooltip, so a screenshot shows the screen itself. */
async function clearOverlays(page: Page) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.mouse.move(700, 790);
}

/** The deliveries of the test message in the log, each row. */
const testDeliveries = (page: Page) => page.locator('[data-testid="webhook-delivery-row"][data-event="webhook.test"]');

test('webhooks: an endpoint added with its secret shown once, a test message delivered and signed, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  const api = await apiCaller(loadWorld().people.acmeAdmin);
  const receiver = await startReceiver(`/hooks/${suffix}`);
  try {
    await loginAs('acmeAdmin');

    // Integrations → Webhooks.
    await page.goto('/integration');
    await page.getByTestId('integrations-webhooks').click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    const empty = page.getByTestId('webhooks-empty');
    await expect(empty.or(page.getByTestId('webhook-endpoints'))).toBeVisible();
    if (await empty.isVisible()) {
      await expect(empty).toContainText('Standard Webhooks');
      await page.screenshot({ path: screenPath('webhooks-empty-en') });
    }

    // The form says what is missing before it sends anything, then takes the receiver and one event.
    await page.getByTestId('webhook-add').click();
    const drawer = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await drawer.getByTestId('webhook-form-save').click();
    await expect(drawer.getByText("Enter the endpoint's URL.")).toBeVisible();
    await expect(drawer.getByText('Choose at least one event.')).toBeVisible();
    await drawer.getByTestId('webhook-form-url').fill(receiver.url);
    await drawer.getByTestId('webhook-form-description').fill(`Receiver ${suffix}`);
    await drawer.getByRole('checkbox', { name: 'Signed in', exact: true }).check();
    await expect(drawer.getByTestId('webhook-form-selected')).toHaveText('1 of 13 selected');
    await expect(drawer.getByTestId('webhook-form-http')).toBeVisible();
    await expectAccessible(page, 'the webhook endpoint form');
    await page.screenshot({ path: screenPath('webhooks-form-en') });
    await drawer.getByTestId('webhook-form-save').click();

    // The secret, shown this once, with its copy button.
    const secretModal = page.getByRole('dialog', { name: 'Endpoint added: copy its signing secret' });
    await expect(secretModal.getByTestId('webhook-secret-once')).toContainText('It will not be shown again');
    const secret = await secretModal.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expect(secretModal.getByRole('button', { name: 'Copy Signing secret' })).toBeVisible();
    await expectAccessible(page, 'the new endpoint’s secret');
    await page.screenshot({ path: screenPath('webhooks-secret-en') });
    await secretModal.getByTestId('webhook-secret-done').click();
    await expect(secretModal).toBeHidden();

    const row = page.locator(`[data-testid="webhook-row"][data-url="${receiver.url}"]`);
    await expect(row.getByTestId('webhook-status')).toHaveText('Enabled');
    await expect(row.getByTestId('webhook-event-chip')).toHaveText(['Signed in']);
    await expect(row.getByTestId('webhook-last-attempt')).toHaveText('No attempt yet');

    // "Send test message": the delivery succeeds, and the list shows the attempt (the server's event).
    await row.getByRole('button', { name: `Send test message to ${receiver.url}` }).click();
    await expect(row.getByTestId('webhook-attempt-result')).toHaveText('HTTP 204');
    await clearOverlays(page);
    await expectAccessible(page, 'the webhooks list');
    await page.screenshot({ path: screenPath('webhooks-list-en') });

    // The log: the test message, succeeded with 204.
    await row.getByTestId('webhook-log').click();
    await expect(page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    const delivery = testDeliveries(page).first();
    await expect(delivery).toHaveAttribute('data-status', 'succeeded');
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Succeeded');
    await expect(delivery.getByTestId('webhook-delivery-result')).toHaveText('HTTP 204');
    await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('1');
    await clearOverlays(page);
    await expectAccessible(page, 'the delivery log');
    await page.screenshot({ path: screenPath('webhooks-log-en') });

    // Its detail: what was sent and the attempt.
    const deliveryId = (await delivery.getAttribute('data-id'))!;
    await delivery.getByTestId('webhook-delivery-open').click();
    const detail = page.getByRole('dialog', { name: 'Test message' });
    await expect(detail.getByTestId('webhook-detail-id')).toHaveText(deliveryId);
    await expect(detail.locator('[data-testid="webhook-detail-header"][data-name="webhook-id"]')).toContainText(
      deliveryId,
    );
    await expect(detail.getByTestId('webhook-detail-body')).toContainText('"type": "webhook.test"');
    await expect(detail.getByTestId('webhook-attempt')).toHaveCount(1);
    await expect(detail.getByTestId('webhook-attempt').getByTestId('webhook-attempt-result')).toHaveText('HTTP 204');
    await expect(detail.getByTestId('webhook-delivery-resend')).toBeEnabled();
    await expectAccessible(page, 'a delivery’s detail');
    await page.screenshot({ path: screenPath('webhooks-detail-en') });
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The receiver got it, signed with the secret shown.
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    expect(first.headers['webhook-id']).toBe(deliveryId);
    expect(first.headers['content-type']).toContain('application/json');
    const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string };
    expect(payload.type).toBe('webhook.test');
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret!').toString('base64')}`).verify(first.body, first.headers),
    ).toThrow();

    // In Arabic, right to left: the list, the form, and a rotation of the secret.
    await page.getByTestId('webhook-log-back').click();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'خطافات الويب', level: 2 })).toBeVisible();
    await expect(row.getByTestId('webhook-status')).toHaveText('مفعَّلة');
    await expectAccessible(page, 'the webhooks list in Arabic');
    await page.screenshot({ path: screenPath('webhooks-list-ar') });
    await row.getByTestId('webhook-edit').click();
    const edit = page.getByRole('dialog', { name: 'تعديل نقطة الاستقبال' });
    await expect(edit.getByTestId('webhook-form-url')).toHaveValue(receiver.url);
    await expect(edit.getByRole('checkbox', { name: 'تسجيل دخول', exact: true })).toBeChecked();
    await expectAccessible(page, 'the webhook endpoint form in Arabic');
    await page.screenshot({ path: screenPath('webhooks-form-ar') });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await row.getByTestId('webhook-more').click();
    await page.getByTestId('webhook-rotate').click();
    await page.getByTestId('webhook-rotate-confirm').click();
    const rotated = page.getByRole('dialog', { name: 'سر توقيع جديد' });
    await expect(rotated.getByTestId('webhook-secret-previous')).toContainText('24');
    const newSecret = await rotated.getByTestId('webhook-secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await page.screenshot({ path: screenPath('webhooks-secret-ar') });
    await rotated.getByTestId('webhook-secret-done').click();
    await expect(rotated).toBeHidden();

    // From the log, a second test message: it shows as it is delivered, signed with both secrets.
    await row.getByTestId('webhook-log').click();
    await expect(page.getByRole('heading', { name: 'سجل التسليم' })).toBeVisible();
    await expect(testDeliveries(page)).toHaveCount(1);
    await page.getByTestId('webhook-log-test').click();
    await expect(testDeliveries(page)).toHaveCount(2);
    const second = testDeliveries(page).first();
    await expect(second).toHaveAttribute('data-status', 'succeeded');
    await expect(second.getByTestId('webhook-delivery-status')).toHaveText('نجحت');
    await expect(second.getByTestId('webhook-delivery-result')).toHaveText('HTTP 204');
    await clearOverlays(page);
    await expectAccessible(page, 'the delivery log in Arabic');
    await page.screenshot({ path: screenPath('webhooks-log-ar') });
    await second.getByTestId('webhook-delivery-open').click();
    const secondDetail = page.getByRole('dialog', { name: 'رسالة اختبار' });
    await expect(secondDetail.getByTestId('webhook-attempt-result')).toHaveText('HTTP 204');
    await page.screenshot({ path: screenPath('webhooks-detail-ar') });

    expect(receiver.received).toHaveLength(2);
    const latest = receiver.received[1]!;
    expect(latest.headers['webhook-id']).toBe(await second.getAttribute('data-id'));
    expect((new Webhook(newSecret).verify(latest.body, latest.headers) as { type: string }).type).toBe('webhook.test');
    // The previous secret still signs for a day after the rotation.
    expect((new Webhook(secret).verify(latest.body, latest.headers) as { type: string }).type).toBe('webhook.test');
  } finally {
    await api.call('PUT', '/me/lang', { lang: 'en' }).catch(() => undefined);
    const left = await api.call<{ data: { id: string; endpoint_url: string }[] }>('GET', '/webhooks').catch(() => null);
    for (const endpoint of left?.data ?? [])
      if (endpoint.endpoint_url === receiver.url)
        await api.call('DELETE', `/webhooks/${endpoint.id}`).catch(() => undefined);
    await receiver.close();
    await api.dispose();
  }
});
