import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineStylesPerComponent } from './build/mantine-styles.ts';
import { precompress } from './build/precompress.ts';
import { weightBudget } from './build/weight-budget.ts';
import { signInPageOf } from '../../packages/shared/src/http/sign-in-pages.ts';
import { DASHBOARD_NAMESPACES, LAYOUT_NAMESPACES } from './src/app/dashboard-namespaces.ts';
import { SIGN_IN_NAMESPACES } from './src/app/sign-in-namespaces.ts';
import { START_NAMESPACES } from './src/lib/start-namespaces.ts';

const server = 'http://localhost:3000';

const fromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);
const sourceDir = fromHere('./src');

// A catalogue file of a namespace every page loads (`i18n/<lang>/<namespace>[.<part>].json`), or the
// list of a language's catalogue files (`src/lib/catalogues-<lang>.ts`), which every page loads with them.
const START_CATALOGUE = new RegExp(
  `[\\\\/]i18n[\\\\/](\\w+)[\\\\/](?:${START_NAMESPACES.join('|')})(?:\\.[\\w-]+)?\\.json$|[\\\\/]src[\\\\/]lib[\\\\/]catalogues-(\\w+)\\.ts$`,
);

/** Matches modules under apps/web/src whose path starts with one of `prefixes`. */
const sourcePath = (...prefixes: string[]) =>
  new RegExp(
    `[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/](?:${prefixes.map((p) => p.replaceAll('/', '[\\\\/]')).join('|')})`,
  );

const DASHBOARD = sourcePath('app/routes/home-page', 'features/visits/', 'features/dashboard/');
// The shared parts the sign-in pages and the signed-in layout both use (inputs, alerts, avatars, badges,
// a few icons, the company identity), in a file of their own: in the sign-in pages' file they made the
// dashboard download that whole file.
const SHARED_UI = new RegExp(
  [
    `[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](?:Input|InputBase|TextInput|Alert|Avatar|Badge|ActionIcon|CloseButton|Image|Anchor|Paper)[\\\\/]`,
    `[\\\\/]@mantine[\\\\/]hooks[\\\\/]esm[\\\\/](?:use-id|use-uncontrolled|utils[\\\\/]random-id)[\\\\/]`,
    `[\\\\/]@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/]Icon(?:Language|Lock|AlertCircle|CircleCheck|ShieldLock)\\.mjs$`,
    `[\\\\/]@tanstack[\\\\/](?:react-query[\\\\/]build[\\\\/]modern[\\\\/]useMutation|query-core[\\\\/]build[\\\\/]modern[\\\\/]mutationObserver|react-router[\\\\/]dist[\\\\/]esm[\\\\/]useRouterState)\\.js$`,
    `[\\\\/]use-resolved-styles-api\\.mjs$`,
  ].join('|'),
);
const SHARED_UI_SOURCES = sourcePath('components/layout/display-names', 'components/ui/company-identity');

const APP_SHELL = sourcePath('app/routes/authenticated-layout', 'components/layout/', 'features/realtime/');
// What the layout loads when asked for (the layout settings), or the dashboard would download it as well.
const APP_SHELL_ON_DEMAND = sourcePath('components/layout/layout-settings');

const SIGN_IN = sourcePath('features/auth/', 'app/sign-in-pages');
// The two documents (index.html, sign-in.html) and their first modules: each document's entry file alone.
const ENTRIES =
  /[\\/]apps[\\/]web[\\/](?:index\.html|sign-in\.html|src[\\/]main\.tsx|src[\\/]sign-in-main\.tsx)(?:$|\?)/;
// What only the app's document starts with: the router and the route table. Out of the start file, which
// the sign-in document loads as well.
const ROUTER = /[\\/]@tanstack[\\/](?:react-router|router-core|history)[\\/]/;
const ROUTE_TABLE = sourcePath(
  'app/router',
  'app/route-shells',
  'app/route-guard',
  'app/public-routes',
  'app/dashboard-routes',
  'app/operations-routes',
);
// The other sign-in pages (forgot, reset, unlock), each loaded when opened: out of the sign-in pages' file,
// or /login would download them with it.
const OTHER_SIGN_IN_PAGES = sourcePath(
  'features/auth/components/forgot-password-page',
  'features/auth/components/reset-',
  'features/auth/components/unlock-sign-in-page',
  'features/auth/api/check-reset-token',
  'features/auth/api/forgot-password',
  'features/auth/api/reset-password',
  'features/auth/api/unlock-sign-in',
);
// The app's passport pages (/sso, /login-one-time, /passport) reuse the sign-in steps but are not sign-in
// pages: out of the sign-in pages' file too. /login keeps only its "Sign in with Passport" link.
const PASSPORT_PAGES = sourcePath(
  'features/auth/components/passport-',
  'features/auth/components/reactivate-passport-modal',
  'features/auth/api/exchange-passport-code',
  'features/auth/api/reactivate-passport',
  'features/auth/api/get-passport-status',
  'features/auth/utils/passport-',
);

const DASHBOARD_ON_DEMAND = sourcePath(
  'features/visits/components/logbook-filter-fields',
  'features/visits/components/badge-print',
  'features/dashboard/components/settings-overview',
  'features/dashboard/components/dashboard-home',
);

// What the pages the bench weighs load (bench/cases/web.ts), as the build sees it: the build fails past
// these budgets, so a page cannot grow back unnoticed: the targets of issue 24 item 20 (/login 147.1 kB
// and the dashboard 296.4 kB today, its real-time connection included).
const PAGE_BUDGETS = [
  {
    name: '/login',
    entry: 'src/sign-in-main.tsx',
    modules: [],
    namespaces: [...START_NAMESPACES, ...SIGN_IN_NAMESPACES],
    maxBytes: 150_000,
  },
  {
    name: 'dashboard',
    entry: 'src/main.tsx',
    modules: [
      'src/lib/session-check.ts',
      'src/app/routes/authenticated-layout.tsx',
      'src/app/routes/home-page.tsx',
      '@mantine/modals/esm/index.mjs',
    ],
    namespaces: [...START_NAMESPACES, ...LAYOUT_NAMESPACES, ...DASHBOARD_NAMESPACES],
    maxBytes: 300_000,
  },
];

/** The development server answers the sign-in pages with their document, as the server does (web-app.ts). */
function signInDocumentInDev(): Plugin {
  return {
    name: 'sign-in-document',
    apply: 'serve',
    configureServer(devServer) {
      devServer.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?', 2);
        if (signInPageOf(pathname!)) req.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), signInDocumentInDev(), weightBudget(PAGE_BUDGETS), precompress()],
  resolve: {
    alias: { '@': sourceDir },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    // Written for debugging, never referenced from the files browsers load.
    sourcemap: 'hidden',
    // The start file (React DOM, Mantine's core, i18next, TanStack Query) is about 440 kB, 118 kB as served
    // (brotli), and the visit summary's charts about 510 kB: the default warning (500 kB) would fire on
    // every build.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Two documents: the app (index.html) and the sign-in pages (sign-in.html, served for their paths).
      input: { index: fromHere('./index.html'), 'sign-in': fromHere('./sign-in.html') },
      output: {
        // Fewer, larger files than the automatic split (which makes hundreds of files, many under 1 kB):
        // they compress better and take fewer requests. A module goes to the first group, by
        // priority, that takes it or a module importing it; the rest is split automatically.
        codeSplitting: {
          groups: [
            // What both documents run before they show anything (React, Mantine, i18next, TanStack Query, the
            // API client). A group takes the modules its own import as well, so this one comes first: the
            // route table's group would take all of them.
            {
              name: 'start',
              tags: ['$initial'],
              test: (id) => !ENTRIES.test(id) && !SIGN_IN.test(id) && !ROUTER.test(id) && !ROUTE_TABLE.test(id),
              priority: 110,
            },
            // What the app's document runs before it shows anything besides: the router and the route table.
            {
              name: 'app-start',
              tags: ['$initial'],
              test: (id) => !ENTRIES.test(id) && !SIGN_IN.test(id),
              priority: 100,
            },
            // The catalogues every page loads, one file per language (src/lib/i18n.ts).
            {
              debugName: 'start catalogues',
              name: (id) => {
                const match = START_CATALOGUE.exec(id);
                const lang = match?.[1] ?? match?.[2];
                return lang ? `catalogues-${lang}` : null;
              },
              priority: 90,
            },
            // The date library, on its own: the Arabic and Spanish pages load it at start with their locale
            // (src/lib/i18n.ts), and it would otherwise bring along the file of whichever page took it.
            { name: 'dayjs', test: /[\\/]node_modules[\\/]dayjs[\\/]dayjs\.min\.js$/, priority: 60 },
            // Before the sign-in pages' group, or that group would take them as its pages' imports.
            { name: 'shared-ui', test: (id) => SHARED_UI.test(id) || SHARED_UI_SOURCES.test(id), priority: 55 },
            // /login with its sign-in steps and the password field.
            {
              name: 'sign-in-pages',
              test: (id) => SIGN_IN.test(id) && !OTHER_SIGN_IN_PAGES.test(id) && !PASSPORT_PAGES.test(id),
              priority: 50,
            },
            // The signed-in layout: menu, top bar, real-time notices.
            {
              name: 'app-shell',
              test: (id) => APP_SHELL.test(id) && !APP_SHELL_ON_DEMAND.test(id),
              priority: 40,
            },
            { name: 'data-grid', test: sourcePath('components/data-grid/'), priority: 35 },
            // The dashboard (/): counts and logbook. What it loads when asked for (the filter fields with
            // their date picker, the badge page, the settings overview, the company home shown instead
            // to members without the dashboard) stays out, or the dashboard would download it as well.
            {
              name: 'dashboard',
              test: (id) => DASHBOARD.test(id) && !DASHBOARD_ON_DEMAND.test(id),
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
