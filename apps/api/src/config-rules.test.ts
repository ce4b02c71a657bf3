import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';
import { loadEnvFile } from './env-file.js';
import { configProblems } from './test/config-problems.js';

describe('rules between variables', () => {
  it('requires MAIL_FROM once SMTP_URL sends real mail, and checks its shape', () => {
    expect(configProblems({ SMTP_URL: 'smtp://mail.example.org:587' })).toEqual([
      expect.stringMatching(/^MAIL_FROM must be set when SMTP_URL is/),
    ]);
    expect(
      configProblems({
        SMTP_URL: 'smtp://mail.example.org',
        MAIL_FROM: 'Registry <r@example.org>',
      }),
    ).toEqual([]);
    expect(configProblems({ MAIL_FROM: 'not an address' })).toEqual([
      'MAIL_FROM must be an address, optionally with a name: Registry <registry@example.org>',
    ]);
    // Without SMTP_URL mail goes to files, so the placeholder sender stays.
    expect(loadConfig({}).mailFrom).toContain('no-reply@localhost');
  });

  it('takes bucket credentials from the AWS variables, in pairs', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://s3.eu-west-1.amazonaws.com/registry',
      AWS_ACCESS_KEY_ID: 'AKIA1',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
      AWS_DEFAULT_REGION: 'eu-west-1',
    });
    expect(config.storageAws).toEqual({
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      sessionToken: 'token',
      region: 'eu-west-1',
    });
    expect(configProblems({ STORAGE_URL: 's3://s3.example.org/registry' })).toEqual([
      'STORAGE_URL has no access key: put KEY:SECRET@ in it or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    ]);
    expect(configProblems({ AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SESSION_TOKEN: 't' })).toEqual([
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together (both or neither)',
    ]);
    expect(configProblems({ AWS_SESSION_TOKEN: 't' })).toEqual([
      'AWS_SESSION_TOKEN needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    ]);
  });

  it('checks REGISTRATION_NUMBER_FORMAT and MAIL_SENT_RETENTION_DAYS with the rest', () => {
    expect(configProblems({ REGISTRATION_NUMBER_FORMAT: 'GHR-{YYYY}' })).toEqual([
      expect.stringMatching(/^REGISTRATION_NUMBER_FORMAT must hold exactly one \{SEQ\}/),
    ]);
    expect(loadConfig({ REGISTRATION_NUMBER_FORMAT: 'RH/{YY}/{SEQ:4}' })).toMatchObject({
      registrationNumberFormat: 'RH/{YY}/{SEQ:4}',
    });
    expect(loadConfig({}).mailSentRetentionMs).toBe(30 * 86_400_000);
    expect(loadConfig({ MAIL_SENT_RETENTION_DAYS: '7' }).mailSentRetentionMs).toBe(7 * 86_400_000);
    expect(configProblems({ MAIL_SENT_RETENTION_DAYS: '0' })).toEqual([
      'MAIL_SENT_RETENTION_DAYS must be a whole number of days, at least 1',
    ]);
  });
});

describe('.env', () => {
  it('is read from the directory the command ran in; the environment wins over it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-env-'));
    writeFileSync(
      path.join(dir, '.env'),
      '# comment\nPORT=8081\nASSOCIATION_NAME="Racking Horse Club"\nHOST=0.0.0.0\n',
    );
    const env: NodeJS.ProcessEnv = { INIT_CWD: dir, HOST: '127.0.0.2' };
    expect(loadEnvFile(env)).toBe(path.join(dir, '.env'));
    expect(loadConfig(env)).toMatchObject({
      port: 8081,
      associationName: 'Racking Horse Club',
      host: '127.0.0.2',
    });
  });

  it('is optional, but a named ENV_FILE must exist', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-env-'));
    expect(loadEnvFile({ INIT_CWD: dir })).toBeUndefined();
    expect(() => loadEnvFile({ INIT_CWD: dir, ENV_FILE: 'prod.env' })).toThrow(ConfigError);
    writeFileSync(path.join(dir, 'prod.env'), 'PORT=9000\n');
    const env: NodeJS.ProcessEnv = { INIT_CWD: dir, ENV_FILE: 'prod.env' };
    loadEnvFile(env);
    expect(env.PORT).toBe('9000');
  });
});

describe('.env.example', () => {
  it('names every variable the configuration reads', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const named = new Set([...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });
});
