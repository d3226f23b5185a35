import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { WebhookAttemptError } from '@app/shared/webhooks/schemas';

// Requests to addresses a company typed (webhook endpoints, chat alerts; decision 052). A company must
// never be able to use them to reach the installation's own network (server-side request forgery):
// unless the installation allows it, an address in a private, loopback, link-local, shared or reserved
// range is refused — a literal one before connecting, a name's at the moment of connecting (the address
// connected to is the one checked, so a name that resolves differently a second time gains nothing).
// Redirects are never followed: a redirect is an answer like any other, and a failure.

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether an address is one a company's URL may not reach (IPv4-mapped IPv6 is checked as IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return BLOCKED.check(bare, 'ipv4');
  if (!net.isIPv6(bare)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(bare, 'ipv6');
}

/** Whether a URL names a host that is refused before any look-up (a literal private address, localhost). */
export function isPrivateHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && isPrivateAddress(host);
}

export type OutboundAnswer =
  | { ok: true; status: number; body: string; durationMs: number }
  /** A status outside 2xx (error null, or `redirect` for 3xx), or no answer at all (status null, error why). */
  | { ok: false; status: number | null; error: WebhookAttemptError | null; body: string | null; durationMs: number };

export type OutboundOptions = {
  timeoutMs: number;
  /** What is kept of the answer's body, in characters. */
  keepChars: number;
  allowPrivate: boolean;
};

class Blocked extends Error {
  readonly code = 'EBLOCKED';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing a name any of whose addresses is private. */
export const guardedLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new Blocked(`${hostname} resolves to an address that may not be reached`), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/;

function errorOf(err: unknown): WebhookAttemptError {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'EBLOCKED') return 'blocked_address';
  if (code === 'ETIMEDOUT_OUTBOUND') return 'timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') return 'dns_failed';
  if (TLS_CODES.test(code)) return 'tls_failed';
  return 'connection_failed';
}

/** POSTs a body; answers the status and the start of the answer's body, or why there was none. */
export function postOutbound(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  if (!options.allowPrivate && isPrivateHost(target))
    return Promise.resolve({ ok: false, status: null, error: 'blocked_address', body: null, durationMs: took() });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          // Enough to keep what is shown; the rest is read and dropped.
          if (size < options.keepChars * 4) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', () => undefined);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, options.keepChars);
          if (status >= 200 && status < 300) settle({ ok: true, status, body: text, durationMs: took() });
          else
            settle({
              ok: false,
              status,
              error: status >= 300 && status < 400 ? 'redirect' : null,
              body: text,
              durationMs: took(),
            });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT_OUTBOUND' }));
    }, options.timeoutMs);
    req.on('error', (err) => settle({ ok: false, status: null, error: errorOf(err), body: null, durationMs: took() }));
    req.end(body);
  });
}
