// Mantine's styles travel with the components that use them, so a page loads the CSS of the
// components it shows rather than all of Mantine's (290 kB). Every Mantine component reads its class
// names from a `<Name>.module.mjs`; each of those is made to import the component's own style sheet
// (`@mantine/core/styles/<Name>.css`; the dates and notifications packages have one sheet each).
// Vite then puts each sheet in the chunk of its component, after the sheets of the components it is
// built from: the order of Mantine's own styles.css. The base sheets (baseline, variables, global)
// are imported once, at start (app/provider.tsx).
import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

const CLASS_NAMES_MODULE =
  /^(.*[\\/]@mantine[\\/])(core|dates|notifications)[\\/]esm[\\/](?:.*[\\/])?([\w-]+)\.module\.mjs$/;

/** The style sheet a Mantine class-names module brings along (a path in node_modules), if any. */
export function styleSheetFor(id: string): string | undefined {
  const match = CLASS_NAMES_MODULE.exec(id.split('?')[0]!);
  if (!match) return undefined;
  const [, mantineDir, pkg, name] = match;
  const sheet = pkg === 'core' ? `${mantineDir}core/styles/${name}.css` : `${mantineDir}${pkg}/styles.css`;
  return existsSync(sheet) ? sheet : undefined;
}

// The dev server serves Mantine pre-bundled, past this plugin's transform: it gets the whole sheets.
const WHOLE_SHEETS = ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css'];

export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    transform(code, id) {
      const sheet = styleSheetFor(id);
      return sheet ? { code: `${code}\nimport ${JSON.stringify(sheet)};\n`, map: null } : undefined;
    },
    transformIndexHtml: {
      // Before Vite's own pass, which turns the inline script's imports into served modules.
      order: 'pre',
      handler: (_html, context) =>
        context.server
          ? [
              {
                tag: 'script',
                attrs: { type: 'module' },
                children: WHOLE_SHEETS.map((sheet) => `import ${JSON.stringify(sheet)};`).join('\n'),
                injectTo: 'head',
              },
            ]
          : [],
    },
  };
}
