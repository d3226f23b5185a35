import type { Env } from '../../../config/env';
import { googleDirectoryConnector } from './google-directory';
import { microsoftGraphConnector } from './microsoft-graph';
import { net2Connector } from './net2';
import type { DirectoryCode, DirectoryConnector, DirectoryEndpoints } from './types';
import { wondeConnector } from './wonde';

// The directories the product reads (decision 048). SCIM is not here: its identity provider pushes to
// us (modules/scim).

export const CONNECTORS = {
  googleAD: googleDirectoryConnector,
  azureAD: microsoftGraphConnector,
  paxton: net2Connector,
  wonde: wondeConnector,
} satisfies Record<DirectoryCode, DirectoryConnector>;

export type ReadCode = keyof typeof CONNECTORS;

export const isReadDirectory = (code: string): code is ReadCode => Object.hasOwn(CONNECTORS, code);

export function endpointsOf(env: Env): DirectoryEndpoints {
  const strip = (url: string) => url.replace(/\/+$/, '');
  return {
    googleAuth: strip(env.GOOGLE_AUTH_URL),
    googleToken: strip(env.GOOGLE_TOKEN_URL),
    googleApi: strip(env.GOOGLE_API_URL),
    microsoftLogin: strip(env.MICROSOFT_LOGIN_URL),
    microsoftGraph: strip(env.MICROSOFT_GRAPH_URL),
    wonde: strip(env.WONDE_URL),
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
  };
}
