import { deflateSync } from 'node:zlib';
import { expect, test } from './fixtures/test';

/** A decodable one-colour PNG, made here so the test needs no binary fixture. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('company details: subdomain checked live, logo shown in the top bar, API token shown once', async ({
  page,
  loginAs,
}) => {
  await loginAs('acmeAdmin');
  await page.goto('/company');
  await expect(page.locator('input[data-testid="company-name"]')).toHaveValue('Acme Cloud');

  const subdomain = page.getByTestId('company-subdomain');
  await subdomain.fill('solo');
  await expect(page.getByText(/already taken/i)).toBeVisible();
  await subdomain.fill('acme');

  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(120, 30) });
  await expect(page.getByTestId('logo-error')).toBeVisible();
  // Choosing a valid file uploads it at once.
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(240, 60) });
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await expect(page.getByTestId('top-bar').getByTestId('company-logo')).toHaveAttribute(
    'src',
    /\/api\/v1\/public\/entities\/.+\/logo\.png/,
  );

  await page.getByTestId('token-generate').click();
  const token = page.getByTestId('token-value');
  await expect(token).toHaveValue(/^ct_/);
  const value = await token.inputValue();
  await page.screenshot({ path: 'test-results/screens/company-en.png', fullPage: true });
  await page.reload();
  await expect(page.getByTestId('token-hint')).toContainText(value.slice(-4));
  await expect(page.getByText(value)).toHaveCount(0);
  await page.getByTestId('token-delete').click();
  await page.getByTestId('token-delete-confirm').click();
  await expect(page.getByTestId('token-hint')).toHaveCount(0);
});
