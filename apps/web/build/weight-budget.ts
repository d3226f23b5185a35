// What /login and the dashboard download before they show (issue 24 item 20), worked out from the build's
// own chunk graph and checked against a budget: the build fails when a page outgrows it, so its weight
// cannot creep back unnoticed. A page's files are its document's entry with every file it imports, the files of the
// modules the page loads on the way (its route's component, the layout, the overlays) with theirs, the
// catalogue files of the namespaces it shows (in English, the default language), and the style sheets of
// all of them; each is counted brotli-compressed as the server sends it (precompress.ts). The bench's
// `web` case measures the same pages in a browser (bench/cases/web.ts).
import { brotliCompressSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { brotliParams } from './precompress.ts';

export type PageBudget = {
  name: string;
  /** The first module of the page's document, as the end of its path (`src/main.tsx`): its entry. */
  entry: string;
  /** Modules the page loads besides the entry, as the end of their path (`src/app/routes/home-page.tsx`). */
  modules: readonly string[];
  /** Catalogue namespaces the page loads besides the start ones (each with its parts). */
  namespaces: readonly string[];
  /** At most this many bytes (1 KB = 1,000 bytes, as the bench counts). */
  maxBytes: number;
};

/** The part of a built chunk this check reads (Rolldown's output chunk, with Vite's metadata). */
export type BuiltChunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
};
export type BuiltAsset = { type: 'asset'; fileName: string; source: string | Uint8Array };
export type BuiltBundle = Record<string, BuiltChunk | BuiltAsset | { type: string; fileName: string }>;

const normal = (id: string) => id.replaceAll('\\', '/').split('?')[0]!;

/** The chunk files holding a module whose path ends with `suffix`. */
function chunksHolding(chunks: BuiltChunk[], suffix: string): string[] {
  return chunks.filter((c) => c.moduleIds.some((id) => normal(id).endsWith(suffix))).map((c) => c.fileName);
}

/** A namespace's catalogue files in one language: `i18n/<lang>/<namespace>.json` and its parts. */
const catalogueModule = (lang: string, namespace: string) =>
  new RegExp(`/i18n/${lang}/${namespace.replace(/[.-]/g, '\\$&')}(?:\\.[\\w-]+)?\\.json$`);

/**
 * The files a page loads: its document's entry and the named modules' chunks with everything they import, the
 * catalogue chunks of its namespaces, and the style sheets of those chunks. Throws when a named module
 * is in no chunk (renamed or moved: the budget would silently stop counting it).
 */
export function pageFiles(
  bundle: BuiltBundle,
  page: Pick<PageBudget, 'entry' | 'modules' | 'namespaces'>,
  lang = 'en',
): string[] {
  const chunks = Object.values(bundle).filter((f): f is BuiltChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = chunks
    .filter((c) => c.isEntry && c.moduleIds.some((id) => normal(id).endsWith(page.entry)))
    .map((c) => c.fileName);
  if (roots.length === 0) throw new Error(`weight budget: no entry holds ${page.entry}`);
  for (const suffix of page.modules) {
    const holding = chunksHolding(chunks, suffix);
    if (holding.length === 0) throw new Error(`weight budget: no chunk holds ${suffix}`);
    roots.push(...holding);
  }
  for (const namespace of page.namespaces) {
    const pattern = catalogueModule(lang, namespace);
    const holding = chunks.filter((c) => c.moduleIds.some((id) => pattern.test(normal(id))));
    if (holding.length === 0) throw new Error(`weight budget: no catalogue chunk for the namespace ${namespace}`);
    roots.push(...holding.map((c) => c.fileName));
  }
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = byName.get(fileName);
    if (!chunk) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  roots.forEach(visit);
  return [...files].sort();
}

/** Bytes of a file as served: its brotli copy, as precompress.ts writes it. */
export function servedBytes(content: string | Uint8Array): number {
  const buffer = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return Math.min(buffer.length, brotliCompressSync(buffer, { params: brotliParams(buffer.length) }).length);
}

export type PageWeight = {
  name: string;
  bytes: number;
  maxBytes: number;
  /** Each file with its bytes as served, largest first. */
  files: { fileName: string; bytes: number }[];
};

export function weighPages(bundle: BuiltBundle, pages: readonly PageBudget[]): PageWeight[] {
  const sizes = new Map<string, number>();
  const sizeOf = (fileName: string) => {
    let size = sizes.get(fileName);
    if (size === undefined) {
      const file = bundle[fileName];
      if (!file) throw new Error(`weight budget: ${fileName} is not in the bundle`);
      size = servedBytes(file.type === 'chunk' ? (file as BuiltChunk).code : (file as BuiltAsset).source);
      sizes.set(fileName, size);
    }
    return size;
  };
  return pages.map((page) => {
    const files = pageFiles(bundle, page)
      .map((fileName) => ({ fileName, bytes: sizeOf(fileName) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { name: page.name, bytes: files.reduce((sum, f) => sum + f.bytes, 0), maxBytes: page.maxBytes, files };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Fails the build when a page is over its budget; says every page's weight either way, and with
 * WEIGHT_BUDGET_FILES=1 each of its files.
 */
export function weightBudget(pages: readonly PageBudget[]): Plugin {
  return {
    name: 'weight-budget',
    apply: 'build',
    // Once every other plugin has had its say on the files (Vite writes the preload lists late).
    writeBundle(_options, bundle) {
      const weights = weighPages(bundle, pages);
      for (const w of weights) {
        this.info(`${w.name}: ${kb(w.bytes)} in ${w.files.length} files (budget ${kb(w.maxBytes)})`);
        if (process.env.WEIGHT_BUDGET_FILES) for (const f of w.files) this.info(`  ${kb(f.bytes)} ${f.fileName}`);
      }
      const over = weights.filter((w) => w.bytes > w.maxBytes);
      if (over.length > 0) {
        this.error(
          `Over the weight budget: ${over.map((w) => `${w.name} ${kb(w.bytes)} > ${kb(w.maxBytes)}`).join('; ')}. ` +
            'Load what the page does not show when it is needed (build/weight-budget.ts).',
        );
      }
    },
  };
}
