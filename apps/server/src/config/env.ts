import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { FileStoreConfig } from '../lib/file-store';
import { isFileKey } from '../lib/file-store-checks';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, which TRUST_PROXY may use besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies' X-Forwarded-For is believed: the balancers' addresses or CIDRs (comma separated, or
 * `loopback`, `linklocal`, `uniquelocal`), or how many proxies stand in front. None: the connection's own
 * address is the caller's. Never "any": a client could then name any address it liked.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): string[] | number | false => {
    const value = (v ?? '').trim();
    if (value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address, a CIDR, loopback, linklocal, uniquelocal or a number of proxies: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Front Desk <no-reply@localhost>'),
  /** Base domain under which companies get subdomains: acme.<BASE_DOMAIN>. */
  BASE_DOMAIN: z.string().default('localhost'),
  /** Public origin of the dashboard, for links in emails; defaults to http://localhost:PORT. */
  APP_URL: z.string().url().optional(),
  COOKIE_SECURE: bool,
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Run the job runner in this process (decision 010); 'false' on nodes that should only serve requests. */
  JOBS: z.enum(['true', 'false']).default('true'),
  /**
   * A node whose job runner has not been seen for this long is taken for lost (decision 059): its running
   * jobs are given back to be retried on another node. Each node beats every third of it.
   */
  JOB_NODE_LOST_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PROVIDER_NAME: z.string().default('Front Desk'),
  TRACKING_CODE: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The built kiosk app (served under /kiosk/); defaults to apps/kiosk/dist. */
  KIOSK_DIST: z.string().optional(),
  /**
   * Whether webhooks and chat alerts may reach private, loopback and link-local addresses (decision 052):
   * off, a company's URL can never be used to reach the installation's own network; on for on-premises
   * installations whose receivers live there.
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  /** The balancers in front (decision 058): their X-Forwarded-For names the caller's address. */
  TRUST_PROXY: trustProxy,
  /** Requests per minute per address on public endpoints (sign-in, reset, subdomain look-up). */
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Requests per minute per address on the rest of the API, by callers without a session or token. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  /** Requests per minute per signed-in session, wherever it calls from (decision 037). */
  SESSION_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  /** Requests per minute per company API token: an integration signing 30 people in a second fits. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(6000),
  /** Requests per minute per kiosk (device token) on each device call. */
  DEVICE_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** The passport's public origin, its OpenID Connect issuer (decision 047); defaults to http://localhost:PASSPORT_PORT. */
  PASSPORT_URL: z.string().url().optional(),
  PASSPORT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Run the passport in this process ('false' where it runs as its own process, or not at all). */
  PASSPORT: z.enum(['true', 'false']).default('true'),
  /** The built passport web app; defaults to apps/passport/web/dist. */
  PASSPORT_DIST: z.string().optional(),
  /**
   * 32 bytes (base64 or hex) that encrypt the passport's signing keys and derive its cookie keys and the
   * dashboard's client secret. Every node of an installation needs the same one; without it, one is made
   * and kept in DATA_DIR/secrets.key.
   */
  SECRETS_KEY: z.string().min(32).optional(),
  /**
   * Other applications that may sign in with the passport: a JSON array of OpenID Connect clients,
   * `[{ "client_id", "client_secret", "client_name", "redirect_uris": [...], "post_logout_redirect_uris"?: [...] }]`.
   */
  PASSPORT_CLIENTS: z.string().optional(),
  /** Google Workspace directories (decision 048): the installation's OAuth client, from Google Cloud's console. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The directories' base URLs: the real services by default; a local fake's in tests and the demo. */
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com'),
  GOOGLE_API_URL: z.string().url().default('https://www.googleapis.com'),
  MICROSOFT_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.string().url().default('https://graph.microsoft.com'),
  WONDE_URL: z.string().url().default('https://api.wonde.com'),
  /**
   * 'true' runs local fakes of Google, Microsoft Graph, Wonde and Paxton Net2 with demo people and points
   * the directories at them, so the whole flow can be tried without a real tenant (never in production).
   */
  DIRECTORY_FAKES: z.enum(['true', 'false']).default('false'),
  /** The fakes' first port (Google; Microsoft, Wonde and Net2 on the next three); 0: any free ports. */
  DIRECTORY_FAKES_PORT: z.coerce.number().int().min(0).max(65532).default(3100),
  /**
   * Where stored files go: 'local', DATA_DIR/files (one node, or a volume every node mounts); 's3', a
   * bucket of S3 or an S3-compatible service, which every node reaches.
   */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, Ceph, R2, …); none: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  /** bucket in the path (http://host/bucket/key) rather than the host name: most S3-compatible services. */
  S3_FORCE_PATH_STYLE: bool,
  /** Put before every key, to share a bucket with others (e.g. `frontdesk`). */
  S3_PREFIX: z.string().optional(),
  /** S3 keys; without them the AWS SDK's default chain (profile, SSO, container or instance role). */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

/** What a file store needs and cannot default, checked at start rather than at the first upload. */
const fileStoreChecked = envSchema.superRefine((env, ctx) => {
  if (env.FILE_STORE !== 's3') return;
  if (!env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'FILE_STORE=s3 needs S3_BUCKET, the bucket for the files',
    });
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isFileKey(prefix)) {
    ctx.addIssue({ code: 'custom', path: ['S3_PREFIX'], message: 'segments joined by /, none empty, . or ..' });
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'],
      message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together, or neither',
    });
  }
});

type ParsedEnv = z.infer<typeof envSchema>;

function fileStoreConfig(env: ParsedEnv, dataDir: string): FileStoreConfig {
  if (env.FILE_STORE === 'local') return { driver: 'local', dataDir };
  return {
    driver: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN || undefined,
          }
        : undefined,
  };
}

export type Env = ParsedEnv & { appUrl: string; dataDir: string; passportUrl: string; fileStore: FileStoreConfig };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = fileStoreChecked.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    dataDir,
    fileStore: fileStoreConfig(env, dataDir),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    passportUrl: (env.PASSPORT_URL ?? `http://localhost:${env.PASSPORT_PORT}`).replace(/\/$/, ''),
  };
}
