import { ConfigError, loadConfig } from '../config.js';

/** What loadConfig refuses in `env`, one line a problem; none when the configuration loads. */
export function configProblems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
