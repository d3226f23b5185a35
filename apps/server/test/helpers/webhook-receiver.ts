// A receiver on loopback for outgoing webhooks and chat messages: records what it is sent, and answers
// each path's next queued status (204 after).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { url: string; headers: Record<string, string>; body: string };

/** A receiver on loopback: records what it is sent, and answers each path's next queued status (204 after). */
export function receiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers as Record<string, string>, body });
      const status = answers.get(req.url ?? '')?.shift() ?? 204;
      res.writeHead(status);
      res.end(status >= 400 ? 'nope' : '');
    });
  });
  return {
    received,
    /** The next answers of a path, in order. */
    answer: (path: string, ...statuses: number[]) => answers.set(path, [...(answers.get(path) ?? []), ...statuses]),
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    to: (path: string) => received.filter((r) => r.url === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
