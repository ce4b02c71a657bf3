import { STATUS_CODES } from 'node:http';
import { exampleOf, type ExampleContext, type JsonSchema } from './openapi-examples.js';

/**
 * The last pass over the generated OpenAPI document (docs/api.md "The OpenAPI document"): what
 * every operation gets without its route having to say it, so routes other modules add later
 * are covered too: an operationId, a description and an example for each answer, an explicit
 * `security: []` on public routes, and only the components some operation uses.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * `GET /api/admin/members/{id}/audit` -> `getAdminMembersByIdAudit`: the method and the path's
 * words, so the id is stable as long as the route is, and unique as method and path are (the
 * OpenAPI test checks). A route may declare its own `operationId` in its schema instead.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      if (parameter) return ['By', ...(parameter[1] ?? '').split(/[^A-Za-z0-9]+/)];
      return segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalized).join('');
}

/** What a status means on every route of this API (the routes' own descriptions win). */
const MEANINGS: Readonly<Record<string, string>> = {
  '204': 'Done; the answer has no body.',
  '303': 'Redirect: follow `Location`.',
  '402': 'The payment was declined: `error` says why, `data` what to do next.',
  '409': 'Changed since it was read: `conflict` says what changed (decisions name a version).',
  '502': 'The payment provider failed or could not be reached; nothing was charged twice.',
  '503': 'The registry database is unavailable; try again shortly.',
  '4XX':
    'Refused, as `{ success: false, error }`: 400 invalid input (`fields` names each field), ' +
    '401 not signed in, 403 not allowed, 404 not found (or not yours), 409 changed meanwhile ' +
    '(`conflict`), 413 too large, 415 wrong content type, 429 too many requests.',
};

function describeAnswer(status: string, summary: string | undefined): string {
  const meaning = MEANINGS[status];
  if (meaning) return meaning;
  const phrase = STATUS_CODES[Number(status)] ?? status;
  return summary && status.startsWith('2') ? `${phrase}: ${summary}` : phrase;
}

type Operation = JsonSchema & {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<
    string,
    JsonSchema & { description?: string; content?: Record<string, JsonSchema> }
  >;
};

/** JSON and text answers get an example; files (PDF, a picture) are bytes, described instead. */
function wantsExample(mediaType: string, media: JsonSchema): boolean {
  const schema = media.schema as JsonSchema | undefined;
  if (!schema || 'example' in media || 'examples' in media) return false;
  return schema.format !== 'binary' && /json|^text\//.test(mediaType);
}

const FAILURE_REF = '#/components/schemas/Failure';

/** The usual refusal of a route: the failure envelope, described as every route refuses. */
function isUsualRefusal(
  status: string,
  answer: JsonSchema & { content?: Record<string, JsonSchema> },
) {
  const media = Object.entries(answer.content ?? {});
  return (
    status === '4XX' &&
    answer.description === MEANINGS['4XX'] &&
    media.length === 1 &&
    media[0]?.[0] === 'application/json' &&
    (media[0][1].schema as JsonSchema | undefined)?.$ref === FAILURE_REF
  );
}

function finishOperation(
  method: string,
  path: string,
  source: Operation,
  context: ExampleContext,
  shared: Record<string, unknown>,
) {
  // POST and PUT of one route share one object: each method gets its own copy.
  const operation: Operation = { ...source };
  operation.operationId ??= operationIdOf(method, path);
  // Public routes say so; Redocly's security-defined rule asks every operation to.
  operation.security ??= [];
  const responses: NonNullable<Operation['responses']> = {};
  for (const [status, answer] of Object.entries(operation.responses ?? {})) {
    const finished = { ...answer };
    if (!finished.description || finished.description === 'Default Response') {
      finished.description = describeAnswer(status, operation.summary);
    }
    if (status === '204' || status.startsWith('3')) delete finished.content;
    if (finished.content) {
      finished.content = Object.fromEntries(
        Object.entries(finished.content).map(([mediaType, media]) => [
          mediaType,
          wantsExample(mediaType, media)
            ? { ...media, example: exampleOf(media.schema as JsonSchema, context) }
            : media,
        ]),
      );
    }
    if (isUsualRefusal(status, finished)) {
      // Said once in components/responses: it would otherwise repeat on every operation.
      shared.Failure ??= finished;
      responses[status] = { $ref: '#/components/responses/Failure' };
    } else responses[status] = finished;
  }
  operation.responses = responses;
  return operation;
}

/** Every `$ref` in a value, as component names. */
function referencedNames(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const each of value) referencedNames(each, into);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        into.add(child.replace('#/components/schemas/', ''));
      } else referencedNames(child, into);
    }
  }
  return into;
}

/** Components some operation reaches; every registered shape has an input twin no one uses. */
function usedComponents(
  paths: unknown,
  components: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const used = new Set<string>();
  const pending = [...referencedNames(paths, new Set())];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (used.has(name) || !components[name]) continue;
    used.add(name);
    pending.push(...referencedNames(components[name], new Set()));
  }
  return Object.fromEntries([...used].sort().map((name) => [name, components[name] as JsonSchema]));
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema> } & Record<string, unknown>;
  [key: string]: unknown;
}

type Media = JsonSchema & { schema?: JsonSchema; example?: unknown };

/** The name of a shared example: the shape it answers (`HorseAnswer`), else its first route. */
function exampleName(media: Media, operationId: string): string {
  const schema = media.schema ?? {};
  const data = (schema.properties as Record<string, JsonSchema> | undefined)?.data?.$ref;
  const ref = typeof data === 'string' ? data : schema.$ref;
  if (typeof ref === 'string')
    return `${ref.replace('#/components/schemas/', '').replace(/Answer$/, '')}Answer`;
  return `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Answer`;
}

/**
 * An example that several answers share (the failure, a horse in its envelope) goes to
 * `components/examples` once and is referenced, which keeps the document small.
 */
function shareExamples(paths: Record<string, Record<string, unknown>>) {
  const uses = new Map<string, Array<{ media: Media; operationId: string }>>();
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      for (const answer of Object.values(operation?.responses ?? {})) {
        for (const media of Object.values(answer.content ?? {}) as Media[]) {
          if (!('example' in media)) continue;
          const key = JSON.stringify(media.example);
          if (key.length < 200) continue; // a short one is as cheap inline as referenced
          const list = uses.get(key) ?? [];
          list.push({ media, operationId: operation?.operationId ?? '' });
          uses.set(key, list);
        }
      }
    }
  }
  const examples: Record<string, { value: unknown }> = {};
  for (const list of uses.values()) {
    const first = list[0];
    if (!first || list.length < 2) continue;
    let name = exampleName(first.media, first.operationId);
    for (let n = 2; examples[name]; n += 1)
      name = `${exampleName(first.media, first.operationId)}${n}`;
    examples[name] = { value: first.media.example };
    for (const { media } of list) {
      delete media.example;
      media.examples = { [name]: { $ref: `#/components/examples/${name}` } };
    }
  }
  return examples;
}

export function finishDocument<T extends OpenApiDocument>(document: T): T {
  const components = document.components?.schemas ?? {};
  const context: ExampleContext = { components, made: new Map() };
  const paths: Record<string, Record<string, unknown>> = {};
  const responses: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const finished: Record<string, unknown> = { ...item };
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation) {
        finished[method] = finishOperation(method, path, operation, context, responses);
      }
    }
    paths[path] = finished;
  }
  const examples = shareExamples(paths);
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: usedComponents({ paths, responses }, components),
      ...(Object.keys(responses).length > 0 ? { responses } : {}),
      ...(Object.keys(examples).length > 0 ? { examples } : {}),
    },
  };
}
