import { readFileSync, writeFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';

/**
 * Installed packages stay imports, resolved from node_modules at run time as before; only the
 * workspace's own TypeScript (the server and @app/shared, which ships sources) goes into the bundle.
 */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

/** One ES module for Node 20 with a source map beside it, read only under `--enable-source-maps`. */
export async function bundleServer(opts: { entry: string; outfile: string }): Promise<void> {
  await build({
    entryPoints: [opts.entry],
    outfile: opts.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesStayExternal],
    // No whitespace or comments: the bundle's source text stays in the heap for the life of the process.
    // Names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // One character past Latin-1 makes V8 keep the whole source at two bytes a character. esbuild escapes
  // them in strings and names but leaves them in regular expression literals, where \uXXXX means the same.
  const code = readFileSync(opts.outfile, 'utf8');
  const ascii = code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== code) writeFileSync(opts.outfile, ascii);
}
