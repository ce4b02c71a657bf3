import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** /api/docs must document every route: what it is, what it answers, whether it needs a token. */
interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  security?: unknown[];
}

let harness: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  await app.ready();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe('OpenAPI document', () => {
  it('documents every API route with a summary, tags, responses and its authentication', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    const problems: string[] = [];
    for (const route of app.routeTable) {
      const path = route.url.replace(/^\/api/, '').replace(/:([A-Za-z]+)/g, '{$1}');
      const operation =
        document.paths[path]?.[route.method.toLowerCase()] ??
        document.paths[`/api${path}`]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) {
        problems.push(`${name}: missing`);
        continue;
      }
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tags`);
      if (!operation.responses || Object.keys(operation.responses).length === 0) {
        problems.push(`${name}: no responses`);
      }
      const needsToken = route.access !== 'public';
      if (needsToken !== Boolean(operation.security?.length)) {
        problems.push(`${name}: security ${needsToken ? 'missing' : 'on a public route'}`);
      }
    }
    expect(problems).toEqual([]);
    expect(app.routeTable.length).toBeGreaterThan(40);
  });
});

/** What a client generator needs (issue 33 §4, docs/api.md "The OpenAPI document"). */
interface Answer {
  $ref?: string;
  description?: string;
  content?: Record<
    string,
    { schema?: { $ref?: string; properties?: object }; example?: unknown; examples?: object }
  >;
}
interface Contract {
  paths: Record<string, Record<string, Operation & { operationId?: string; requestBody?: Answer }>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, Answer> };
}

describe('OpenAPI document for generated clients', () => {
  let document: Contract;
  const operations = () =>
    app.routeTable.map((route) => {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      return { name: `${route.method} ${route.url}`, route, operation };
    });
  const answer = (value: Answer): Answer =>
    value.$ref ? (document.components.responses?.[value.$ref.split('/').pop() ?? ''] ?? {}) : value;

  beforeAll(async () => {
    document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Contract;
  });

  it('names every operation once, from its method and path', () => {
    const ids = operations().map(
      ({ name, operation }) => operation?.operationId ?? `${name}: none`,
    );
    expect(ids.filter((id) => id.endsWith(': none'))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(operations().map(({ name, operation }) => [operation?.operationId, name]));
    expect(byId.get('getAdminMembersById')).toBe('GET /api/admin/members/:id');
    expect(byId.get('postMembersHorsesRegister')).toBe('POST /api/members/horses/register');
    expect(byId.get('getAdminMembersExportCsv')).toBe('GET /api/admin/members/export.csv');
  });

  it('describes every answer and gives an example of every JSON or text answer', () => {
    const problems: string[] = [];
    for (const { name, operation } of operations()) {
      for (const [status, value] of Object.entries(operation?.responses ?? {})) {
        const { description, content } = answer(value as Answer);
        if (!description || description === 'Default Response') {
          problems.push(`${name} ${status}: no description`);
        }
        for (const [type, media] of Object.entries(content ?? {})) {
          const file = (media.schema as { format?: string } | undefined)?.format === 'binary';
          if (!file && !('example' in media) && !media.examples) {
            problems.push(`${name} ${status} ${type}: no example`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers files in their media type and documents multipart bodies', () => {
    const problems: string[] = [];
    for (const { name, route, operation } of operations()) {
      const success = Object.keys(
        answer((operation?.responses?.['200'] ?? {}) as Answer).content ?? {},
      );
      if (route.url.endsWith('.csv') && !success.includes('text/csv'))
        problems.push(`${name}: not text/csv`);
      if (route.url.endsWith('.pdf') && !success.includes('application/pdf')) {
        problems.push(`${name}: not application/pdf`);
      }
    }
    expect(problems).toEqual([]);
    for (const [path, method] of [
      ['/api/members/horses/register', 'post'],
      ['/api/members/horses/{id}', 'put'],
      ['/api/admin/horses', 'post'],
      ['/api/admin/horses/{id}', 'put'],
      ['/api/members/profile/picture', 'put'],
      ['/api/admin/members/import', 'post'],
    ] as const) {
      const form = document.paths[path]?.[method]?.requestBody?.content?.['multipart/form-data'];
      expect(form?.schema, `${method} ${path}`).toBeDefined();
    }
    // Every multipart body names its parts, routes added later included.
    const partless: string[] = [];
    for (const { name, operation } of operations()) {
      const form = operation?.requestBody?.content?.['multipart/form-data']?.schema;
      if (!form) continue;
      const ref = form.$ref?.split('/').pop();
      const schema = (ref ? document.components.schemas[ref] : form) as { properties?: object };
      if (Object.keys(schema.properties ?? {}).length === 0) partless.push(name);
    }
    expect(partless).toEqual([]);
    const register = document.components.schemas.HorseRegisterForm as {
      properties: Record<string, { format?: string }>;
    };
    expect(register.properties.registrationDocument?.format).toBe('binary');
    expect(register.properties.sire).toBeDefined();
  });

  it('names the shared shapes once and refers to them', () => {
    for (const name of ['Horse', 'HorseSummaryPage', 'Member', 'Payment', 'Failure', 'FileRef']) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    const horse = document.paths['/api/members/horses/{id}']?.get?.responses?.['200'] as Answer;
    expect(horse.content?.['application/json']?.schema?.properties).toMatchObject({
      data: { $ref: '#/components/schemas/Horse' },
    });
    const refusal = answer(document.paths['/api/auth/me']?.get?.responses?.['4XX'] as Answer);
    expect(refusal.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Failure',
    });
  });
});
