import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder (apps/api). Compiled modules sit in dist/ at several depths, the
 * sources in src/, and the bundled server in dist/ itself
 * (docs/decisions/0054-server-bundled-with-esbuild.md), so the migrations, the cluster template and
 * the web build are found from the package, not from the depth of one file.
 */
function findApiRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@registry/api'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`apps/api/package.json not found above ${here}`);
  }
}

export const API_ROOT = findApiRoot();
