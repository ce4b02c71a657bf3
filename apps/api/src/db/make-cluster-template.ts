import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from './client.js';
import {
  CLUSTER_TEMPLATE_NAME,
  clusterTemplatePath,
  makeClusterTemplate,
} from './pglite-settings.js';

/**
 * Build step (`npm run build -w apps/api`): writes the migrated empty embedded-database cluster
 * a new data directory starts from, once per installed PGlite version and set of migrations,
 * and removes the templates of earlier ones.
 */
const file = clusterTemplatePath();
if (!existsSync(file)) {
  const tarball = await makeClusterTemplate(async (client) => {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  });
  // Written beside and renamed, so an interrupted build never leaves half a template.
  writeFileSync(`${file}.tmp`, Buffer.from(await tarball.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  const folder = path.dirname(file);
  for (const name of readdirSync(folder)) {
    if (CLUSTER_TEMPLATE_NAME.test(name) && name !== path.basename(file)) {
      rmSync(path.join(folder, name));
    }
  }
  process.stdout.write(`embedded database template: ${file}\n`);
}
