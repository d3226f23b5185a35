// Import resolver for ESLint (eslint-module-utils interface v2), used by eslint-plugin-boundaries to
// turn an import into a file path. It knows the two aliases of this repository and the TypeScript
// extensions; anything else (packages) stays unresolved and counts as external.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = __dirname;
const WEB_DIR = path.join(ROOT, 'apps', 'web') + path.sep;
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.css'];

/** `@/x` inside the web app → apps/web/src/x; `@app/shared/x` → packages/shared/src/x (the package's exports map). */
function expandAlias(source, file) {
  if (source.startsWith('@/') && file.startsWith(WEB_DIR)) return path.join(ROOT, 'apps/web/src', source.slice(2));
  if (source.startsWith('@app/shared/'))
    return path.join(ROOT, 'packages/shared/src', source.slice('@app/shared/'.length));
  return null;
}

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function resolveFile(base) {
  if (isFile(base)) return base;
  // ESM-style `./x.js` written for a `./x.ts` file.
  const withoutJs = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  for (const ext of EXTENSIONS) {
    if (isFile(withoutJs + ext)) return withoutJs + ext;
  }
  for (const ext of EXTENSIONS) {
    const index = path.join(base, `index${ext}`);
    if (isFile(index)) return index;
  }
  return null;
}

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    const aliased = expandAlias(source, file);
    const isRelative = source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..';
    if (!aliased && !isRelative && !path.isAbsolute(source)) return { found: false };
    const target = aliased ?? path.resolve(path.dirname(file), source);
    const resolved = resolveFile(target);
    return resolved ? { found: true, path: resolved } : { found: false };
  },
};
