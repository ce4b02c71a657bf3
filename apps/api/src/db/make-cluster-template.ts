import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { clusterTemplatePath, makeClusterTemplate } from './pglite-settings.js';

/**
 * Build step (`npm run build -w apps/api`): writes the empty embedded-database cluster a new
 * data directory starts from, once per installed PGlite version.
 */
const file = clusterTemplatePath();
if (!existsSync(file)) {
  const tarball = await makeClusterTemplate();
  // Written beside and renamed, so an interrupted build never leaves half a template.
  writeFileSync(`${file}.tmp`, Buffer.from(await tarball.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  process.stdout.write(`embedded database template: ${file}\n`);
}
