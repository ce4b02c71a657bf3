import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, withGeneratedSecrets } from './config.js';
import { StartupError } from './db/client.js';
import { loadEnvFile } from './env-file.js';
import { listenWide } from './listen.js';
import { API_ROOT } from './package-root.js';
import { dropEmbeddedOnlyFlags } from './node-flags.js';
import type { GeneratedCredential } from './modules/accounts/bootstrap.js';

/**
 * Listening sockets on the port (listen.ts): a burst of 2,000 connections is accepted in about
 * 2,000 / ACCEPTORS turns of the loop. Linux only: elsewhere Node refuses `reusePort` (macOS,
 * Windows) or the kernel does not spread connections over the sockets the same way.
 */
const ACCEPTORS = process.platform === 'linux' ? 1024 : 1;

/** The built web app beside this package, when present. */
const defaultWebDir = path.resolve(API_ROOT, '../web/dist');

function printCredentials(credentials: GeneratedCredential[]): void {
  // Printed to the terminal once, deliberately outside the structured log.
  const lines = credentials.map((c) => `  ${c.role.padEnd(6)}  ${c.email}  ${c.password}`);
  process.stdout.write(
    [
      '',
      'Generated sign-in passwords (shown only this once; store them safely):',
      ...lines,
      '',
    ].join('\n') + '\n',
  );
}

async function main(): Promise<void> {
  let config;
  try {
    loadEnvFile(process.env);
    const loaded = loadConfig(process.env);
    // Before anything is opened or printed: on PostgreSQL this process may start again.
    dropEmbeddedOnlyFlags(loaded.databaseUrl);
    config = withGeneratedSecrets(loaded);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems)
        process.stderr.write(`Configuration error: ${problem}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.webDir && existsSync(defaultWebDir)) config = { ...config, webDir: defaultWebDir };

  const started = performance.now();
  const app = await buildApp(config, { onGeneratedCredentials: printCredentials });

  try {
    // A backlog for 2,000 connections arriving at once (Node's default is 511): past it the
    // kernel drops their SYNs and clients wait 1, 3, 7 s to retry, unanswered and unrefused
    // (docs/operations.md "Overload"). The kernel caps it at net.core.somaxconn. Several
    // sockets accept, as libuv takes one connection per socket per turn of the loop (listen.ts).
    await listenWide(app, {
      port: config.port,
      host: config.host,
      backlog: 2048,
      acceptors: ACCEPTORS,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is already in use on ${config.host}; stop the other program or set PORT`
        : code === 'EADDRNOTAVAIL'
          ? `HOST ${config.host} is not an address of this machine`
          : (error as Error).message;
    process.stderr.write(`Start-up error: ${reason}\n`);
    await app.close();
    process.exit(1);
  }
  app.log.info(
    { database: app.database.kind, readyMs: Math.round(performance.now() - started) },
    `Registry ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );

  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`Start-up error: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
