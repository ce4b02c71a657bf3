import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

/**
 * A typed client generated from the served OpenAPI document, the way an integrator would make
 * one (openapi-typescript for the types, openapi-fetch for the calls), and one call of each
 * operation that only compiles when the operation's answer has a type a client can use.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

/** The TypeScript source of one operation's call and its check. */
function callOf(route: string, method: string, operation: Operation): string {
  const name = operation.operationId ?? `${method}${route}`.replace(/[^A-Za-z0-9]/g, '_');
  const responses = operation.responses ?? {};
  const successes = Object.keys(responses).filter((status) => /^[23]/.test(status));
  const withBody = successes.filter((status) => responses[status]?.content);
  const at = `paths[${JSON.stringify(route)}][${JSON.stringify(method)}]`;
  let check: string;
  if (withBody.length > 0) {
    // The answer's body as openapi-fetch types it: never or unknown when the schema is lost.
    check = 'const typed: Known<NonNullable<typeof answer.data>> = true;';
  } else if (successes.length > 0) {
    // 204 or a redirect: the answer is declared without a body.
    check = `const typed: Known<${at}['responses'][${successes[0]}]> = true;`;
  } else {
    check = `const typed: Known<never> = true; // ${method} ${route} declares no success answer`;
  }
  return [
    `/** ${method.toUpperCase()} ${route} */`,
    `export async function ${name}(`,
    `  init: MaybeOptionalInit<paths[${JSON.stringify(route)}], ${JSON.stringify(method)}>,`,
    ') {',
    `  const answer = await client.${method.toUpperCase()}(${JSON.stringify(route)}, init);`,
    `  ${check}`,
    '  return { answer, typed };',
    '}',
  ].join('\n');
}

export function callsSource(document: Document): string {
  const calls: string[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) calls.push(callOf(route, method, operation));
    }
  }
  return [
    "import createClient, { type MaybeOptionalInit } from 'openapi-fetch';",
    "import type { paths } from './api.js';",
    '',
    "const client = createClient<paths>({ baseUrl: 'https://registry.example.org' });",
    '/** true for a type a client can work with; false for never (nothing) and unknown. */',
    'type Known<T> = [T] extends [never] ? false : unknown extends T ? false : true;',
    '',
    ...calls,
    '',
  ].join('\n');
}

/** Writes `api.ts` (the generated types) and `calls.ts` into `dir`; returns the calls file. */
export async function writeClient(dir: string, document: Document): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const types = astToString(await openapiTS(structuredClone(document) as unknown as OpenAPI3));
  writeFileSync(path.join(dir, 'api.ts'), types);
  const calls = path.join(dir, 'calls.ts');
  writeFileSync(calls, callsSource(document));
  return calls;
}

/** Type-checks the files as a strict project would; the problems, one line each. */
export function typeCheck(files: string[]): string[] {
  const require = createRequire(import.meta.url);
  const openapiFetch = path.dirname(require.resolve('openapi-fetch/package.json'));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    // The generated files live in a temporary folder, outside any node_modules.
    paths: { 'openapi-fetch': [path.join(openapiFetch, 'dist/index.d.mts')] },
  };
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    if (!diagnostic.file || diagnostic.start === undefined) return text ?? '';
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}: ${text}`;
  });
}
