import type { Env } from '../../../config/env';
import type { FakeServer } from './fake-server';
import { GOOGLE_FAKE_CLIENT, startGoogleDirectoryFake } from './google-directory-fake';
import { startMicrosoftGraphFake } from './microsoft-graph-fake';
import { NET2_FAKE_LOGIN, startNet2Fake } from './net2-fake';
import { startWondeFake } from './wonde-fake';

// The demo's directories (DIRECTORY_FAKES=true, decision 048): the local fakes of Google Workspace,
// Microsoft Entra ID, Wonde and Paxton Net2 with a few dozen demo people each, and the environment that
// points the product at them, so the whole integration flow can be tried without a real tenant. They
// listen on DIRECTORY_FAKES_PORT and the three ports after it (0: any free ports), on 127.0.0.1.

export type DemoDirectories = {
  /** The environment with the directories' base URLs (and Google's OAuth client) pointed at the fakes. */
  env: Env;
  /** What to type to connect each one, for the console. */
  lines: string[];
  close: () => Promise<void>;
};

export async function startDemoDirectories(env: Env): Promise<DemoDirectories> {
  const base = env.DIRECTORY_FAKES_PORT;
  const port = (offset: number) => (base === 0 ? 0 : base + offset);
  const servers: FakeServer[] = [];
  try {
    const google = await startGoogleDirectoryFake({ demo: true, port: port(0), appName: env.PROVIDER_NAME });
    servers.push(google.server);
    const microsoft = await startMicrosoftGraphFake({ demo: true, port: port(1) });
    servers.push(microsoft.server);
    const wonde = await startWondeFake({ demo: true, port: port(2) });
    servers.push(wonde.server);
    const net2 = await startNet2Fake({ demo: true, port: port(3) });
    servers.push(net2.server);
    return {
      env: {
        ...env,
        GOOGLE_AUTH_URL: google.server.url,
        GOOGLE_TOKEN_URL: google.server.url,
        GOOGLE_API_URL: google.server.url,
        GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID ?? GOOGLE_FAKE_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: env.GOOGLE_CLIENT_SECRET ?? GOOGLE_FAKE_CLIENT.clientSecret,
        MICROSOFT_LOGIN_URL: microsoft.server.url,
        MICROSOFT_GRAPH_URL: microsoft.server.url,
        WONDE_URL: wonde.server.url,
      },
      lines: [
        'Demo directories (DIRECTORY_FAKES=true):',
        `  Google Workspace: "Continue with Google" opens the demo consent page (${google.server.url})`,
        `  Microsoft Entra ID: tenant ID ${microsoft.control.tenantId}, client ID ${microsoft.control.clientId}, client secret ${microsoft.control.clientSecret}`,
        `  Wonde: school id ${wonde.control.schoolId}, token ${wonde.control.token}`,
        `  Paxton Net2: server URL ${net2.server.url}, username ${NET2_FAKE_LOGIN.username}, password ${NET2_FAKE_LOGIN.password}, client id ${NET2_FAKE_LOGIN.clientId}`,
      ],
      close: async () => {
        await Promise.all(servers.map((s) => s.close()));
      },
    };
  } catch (err) {
    await Promise.all(servers.map((s) => s.close()));
    throw err;
  }
}
