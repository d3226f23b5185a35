import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./ensure-chromium.ts', import.meta.url));
const check = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe('ensure-chromium', () => {
  it('passes quietly when the browser is there', () => {
    const result = check({ CHROMIUM_PATH: process.execPath });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('stops at once with the command to run when it is missing and cannot be installed', () => {
    const result = check({ CHROMIUM_PATH: '/nonexistent/chromium', APT_GET: '/nonexistent/apt-get' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'sudo apt-get install -y --no-install-recommends chromium-headless-shell fonts-dejavu-core',
    );
    expect(result.stderr).toContain('SKIP_BROWSER_TESTS=1 npm test');
  });
});
