import type { FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * What a route's schema says for the OpenAPI document only (docs/api.md "The OpenAPI
 * document"): Fastify validates none of it, the handler reads these bodies itself.
 */
export interface FormPart {
  kind: 'text' | 'json' | 'file' | 'files';
  description?: string;
}
export interface FormParts {
  /** Names the form in `components/schemas` (a form several routes read), else inline. */
  name?: string;
  parts: Record<string, FormPart>;
  required?: string[];
  /** The same form is also accepted as a JSON object (json parts as values, no files). */
  alsoJson?: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The parts of the route's multipart/form-data body. */
    formParts?: FormParts;
    /** The route answers 303 to a page; says which. */
    redirectsTo?: string;
    /** An example of the file a `produces` route answers (a CSV's header row). */
    fileExample?: string;
  }
}

const FAILURE = { $ref: '#/components/schemas/Failure' };

function partSchema(part: FormPart): Record<string, unknown> {
  const description = part.description ? { description: part.description } : {};
  switch (part.kind) {
    case 'text':
      return { type: 'string', ...description };
    case 'json':
      return { type: 'string', contentMediaType: 'application/json', ...description };
    case 'file':
      return { type: 'string', format: 'binary', ...description };
    case 'files':
      return { type: 'array', items: { type: 'string', format: 'binary' }, ...description };
  }
}

type Schemas = Record<string, unknown>;

/** The schema itself, or a `$ref` to it once it is among the document's components. */
function named(schema: Schemas, name: string | undefined, components: Schemas): Schemas {
  if (!name) return schema;
  components[name] = schema;
  return { $ref: `#/components/schemas/${name}` };
}

function formBody(form: FormParts, components: Schemas) {
  const required = form.required?.length ? { required: form.required } : {};
  const multipart = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(form.parts).map(([name, part]) => [name, partSchema(part)]),
    ),
    ...required,
  };
  const content: Record<string, { schema: unknown }> = {
    'multipart/form-data': { schema: named(multipart, form.name, components) },
  };
  if (form.alsoJson) {
    const json = Object.fromEntries(
      Object.entries(form.parts)
        .filter(([, part]) => part.kind === 'text' || part.kind === 'json')
        .map(([name, part]) => [name, part.kind === 'text' ? { type: 'string' } : {}]),
    );
    const schema = { type: 'object', properties: json, ...required };
    content['application/json'] = {
      schema: named(schema, form.name && `${form.name}Json`, components),
    };
  }
  return { content };
}

/** A file answer (CSV, PDF, a page) in the media type the route `produces`. */
function fileAnswer(mediaTypes: readonly string[], summary: string | undefined, example?: string) {
  const media = (type: string) =>
    type.startsWith('text/')
      ? { schema: { type: 'string' }, ...(example === undefined ? {} : { example }) }
      : { schema: { type: 'string', format: 'binary' } };
  return {
    description: `The file${summary ? `: ${summary}` : ''}`,
    content: Object.fromEntries(mediaTypes.map((type) => [type, media(type)])),
  };
}

/**
 * Zod schemas to JSON schemas (fastify-type-provider-zod), then what the route says for the
 * document only: its multipart body, its file answer, its redirect; and the failure answer
 * every route can give (the error handler answers every refusal so) where it names none.
 */
export const transformRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as { schema: FastifySchema; url: string };
  if (!schema || schema.hide) return { schema, url };
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const produces = schema.produces?.filter((type) => type !== 'application/json') ?? [];
  const answersSomething = Object.keys(response).some((status) => /^[23]/.test(status));
  if (produces.length > 0 && !answersSomething) {
    response['200'] = fileAnswer(produces, schema.summary, schema.fileExample);
  }
  if (schema.redirectsTo && !answersSomething) {
    response['303'] = {
      description: `Redirect to ${schema.redirectsTo}`,
      headers: { Location: { type: 'string', description: schema.redirectsTo } },
      type: 'null',
    };
  }
  const failure = Object.keys(response).find((status) => status.toLowerCase() === '4xx');
  if (failure) {
    // In the content form, so a route that produces a file still fails in JSON.
    response[failure] = { content: { 'application/json': { schema: response[failure] } } };
  } else response['4XX'] = { content: { 'application/json': { schema: FAILURE } } };
  const document = input as { openapiObject?: { components?: { schemas?: Schemas } } };
  const components = document.openapiObject?.components?.schemas ?? {};
  // A multipart route that names no parts still shows a multipart body (with no parts, which
  // the OpenAPI test refuses), so a route that forgets its parts is seen.
  const form =
    schema.formParts ??
    (schema.consumes?.includes('multipart/form-data') && !schema.body ? { parts: {} } : undefined);
  const body = form ? { body: formBody(form, components) } : {};
  return { schema: { ...schema, ...body, response }, url };
};
