import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, withGeneratedSecrets } from './config.js';
import { openDatabase, StartupError } from './db/client.js';
import { configProblems } from './test/config-problems.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/registry' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/registry/data',
      uploadsDir: '/srv/registry/data/uploads',
      databaseUrl: undefined,
      adminEmail: 'admin@example.org',
      publicUrl: 'http://localhost:3000',
      associationName: 'Gaited Horse Registry',
      demoData: false,
    });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/registry',
      DATABASE_URL: 'postgres://u@db:5432/registry',
      ADMIN_EMAIL: 'Office@Club.org',
      DEMO_DATA: '1',
      PUBLIC_URL: 'https://registry.example.org/',
      ASSOCIATION_NAME: 'Racking Horse Club',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/registry',
      databaseUrl: 'postgres://u@db:5432/registry',
      adminEmail: 'office@club.org',
      demoData: true,
      publicUrl: 'https://registry.example.org',
      associationName: 'Racking Horse Club',
    });
  });

  it('gives one clear line for each bad value and never echoes a secret', () => {
    const problems = configProblems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://secret-password@db/x',
      ADMIN_PASSWORD: 'short',
      DEMO_DATA: 'maybe',
    });
    expect(problems).toEqual([
      'PORT must be a whole number between 1 and 65535',
      'DATABASE_URL must be a postgres:// or postgresql:// connection string',
      'ADMIN_PASSWORD must be at least 8 characters',
      'DEMO_DATA must be 1 or 0 (or true/false)',
    ]);
    expect(problems.join('\n')).not.toContain('secret-password');
    expect(configProblems({ PORT: '70000' })).toEqual([
      'PORT must be a whole number between 1 and 65535',
    ]);
  });
});

describe('withGeneratedSecrets', () => {
  it('generates the signing secret once, owner-only, and reuses it after a restart', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-secrets-'));
    const first = withGeneratedSecrets(loadConfig({ DATA_DIR: dataDir }));
    const second = withGeneratedSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(first.jwtSecret);
  });
});

describe('openDatabase', () => {
  it('names the unreachable server in one line, without the password', async () => {
    const attempt = openDatabase({
      databaseUrl: 'postgres://registry:hunter2-secret@127.0.0.1:1/registry',
      dataDir: undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(
      /^DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:1\/registry \(/,
    );
    await attempt.catch((error: Error) => {
      expect(error.message).not.toContain('hunter2');
      expect(error.message).not.toContain('\n');
    });
  });
});
