import { createServer } from 'node:net';

/**
 * A TCP port of 127.0.0.1 free at this moment (the kernel's pick): for the processes the tests, the
 * browser tests and the bench start. Another process may take it before it is listened on; callers that
 * start a server on it retry on EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
