import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './config.js';

/**
 * Reads `.env` (or the file ENV_FILE names) from the directory the command was typed in, the
 * way docs/operations.md describes: a variable already set in the environment wins over the
 * file, so `PORT=8080 npm start` still works with a `.env` beside it. A missing `.env` is
 * fine; a missing ENV_FILE is a configuration error. Returns the file read, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env.INIT_CWD ?? process.cwd();
  const named = env.ENV_FILE?.trim();
  const file = path.resolve(base, named || '.env');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !named) return undefined;
    throw new ConfigError([`ENV_FILE ${file} cannot be read`]);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return file;
}
