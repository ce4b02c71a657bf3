import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, StartupError } from '../db/client.js';
import { loadEnvFile } from '../env-file.js';
import { parseStorageUrl, S3Storage } from '../modules/files/s3-storage.js';
import { createBackup } from './backup.js';
import { RestoreError, restoreBackup } from './restore.js';

/**
 * `npm run backup [-- --out file.tar.gz]` and `npm run restore -- file.tar.gz`, with the same
 * environment as the server (DATA_DIR, DATABASE_URL). See docs/operations.md.
 */
const USAGE = 'Usage: backup [--out <file.tar.gz>] | restore <file.tar.gz>';

function timestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  loadEnvFile(process.env);
  const config = loadConfig(process.env);
  // With STORAGE_URL the committed files are in the bucket: backed up and restored from there.
  const bucket = config.storageUrl
    ? new S3Storage(parseStorageUrl(config.storageUrl, config.storageAws), config.uploadsDir)
    : undefined;
  if (command === 'backup') {
    const outIndex = rest.indexOf('--out');
    const outFile = path.resolve(
      outIndex >= 0 && rest[outIndex + 1]
        ? (rest[outIndex + 1] as string)
        : path.join(config.dataDir, '..', `registry-backup-${timestamp()}.tar.gz`),
    );
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      const manifest = await createBackup({
        database,
        uploadsDir: config.uploadsDir,
        bucket,
        outFile,
      });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      process.stdout.write(
        `Backup written: ${outFile}\n  ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files\n`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore' && rest[0]) {
    const archive = path.resolve(rest[0]);
    if (!existsSync(archive)) throw new RestoreError(`No such archive: ${archive}`);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      const manifest = await restoreBackup({
        archive,
        database,
        uploadsDir: config.uploadsDir,
        bucket,
      });
      process.stdout.write(
        `Restored ${archive} (made ${manifest.createdAt}): ${manifest.tables.length} tables, ${manifest.files.length} files\n`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) process.stderr.write(`Configuration error: ${problem}\n`);
  } else if (error instanceof RestoreError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exitCode = 1;
});
