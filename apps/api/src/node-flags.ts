/**
 * The V8 flags `npm start` gives the server (root package.json, the one place they are written)
 * buy memory for the embedded database (docs/decisions/0056-v8-flags-for-memory.md). One of
 * them is not worth its price on PostgreSQL: `--optimize-for-size` took the one-horse read from
 * about 0.57 to 0.40 of bare code and the registration save from 0.27 to 0.18
 * (docs/decisions/0123-no-size-optimizing-on-postgresql.md), and without PGlite in the process
 * the memory it saves is not the 200 MB target's. So a server on PostgreSQL starts itself again
 * without it: the same process (`execve` keeps the pid, the terminal and the signals), once.
 */
export const EMBEDDED_ONLY_FLAGS: readonly string[] = ['--optimize-for-size'];

/** The command line to run again on PostgreSQL, or undefined when this one is already right. */
export function commandLineForPostgres(
  execArgv: readonly string[],
  argv: readonly string[],
): string[] | undefined {
  const kept = execArgv.filter((flag) => !EMBEDDED_ONLY_FLAGS.includes(flag));
  if (kept.length === execArgv.length) return undefined;
  return [...kept, ...argv.slice(1)];
}

/**
 * On PostgreSQL, replaces this process by the same command without the embedded-only flags.
 * Where `process.execve` does not exist (Windows) the server runs on with them, only slower.
 */
export function dropEmbeddedOnlyFlags(databaseUrl: string | undefined): void {
  if (!databaseUrl || typeof process.execve !== 'function') return;
  const args = commandLineForPostgres(process.execArgv, process.argv);
  if (args) process.execve(process.execPath, [process.execPath, ...args], process.env);
}
