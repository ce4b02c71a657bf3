/**
 * An example value for a JSON schema of the OpenAPI document, built from the schema itself so it
 * always matches it (the Redocly lint checks every example against its schema). Shared shapes
 * get one example each, reused wherever they are referenced.
 */

import { patternSample } from './openapi-pattern-sample.js';

export type JsonSchema = Record<string, unknown>;

const NOW = '2026-11-28T15:30:00.000Z';

/** Plausible text for a string property, by its name; the schema's own limits still apply. */
function textFor(property: string): string {
  const key = property.toLowerCase();
  if (key.includes('email')) return 'member@example.org';
  if (property === 'id' || property === '_id' || /Id$/.test(property)) {
    return '7f3c2a9e-4b1d-4e8a-9c65-2f0d1b3a5e71';
  }
  if (/At$/.test(property) || key.includes('date')) return NOW;
  if (key.includes('url') || key.includes('link')) return '/uploads/7f3c2a9e?exp=1790000000&sig=…';
  if (key.includes('name')) return 'Midnight Star';
  if (key.includes('message') || key === 'error') return 'Saved';
  return 'text';
}

function stringExample(schema: JsonSchema, property: string): string {
  switch (schema.format) {
    case 'date-time':
      return NOW;
    case 'date':
      return NOW.slice(0, 10);
    case 'email':
      return 'member@example.org';
    case 'uri':
    case 'url':
      return 'https://registry.example.org/';
    case 'uuid':
      return '7f3c2a9e-4b1d-4e8a-9c65-2f0d1b3a5e71';
    case 'binary':
      return '';
  }
  let text = textFor(property);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text)) {
    text = patternSample(schema.pattern) ?? '';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (text.length < min) text = text.padEnd(min, 'x');
  return text.slice(0, max);
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : 1;
  const high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

export interface ExampleContext {
  /** `components/schemas` of the document. */
  components: Record<string, JsonSchema>;
  /** Examples of components already made (and a mark for ones being made: cycles). */
  made: Map<string, unknown>;
}

const MAKING = Symbol('making');

function typeOf(schema: JsonSchema): string | undefined {
  const { type } = schema;
  if (Array.isArray(type)) return (type as string[]).find((each) => each !== 'null') ?? 'null';
  return type as string | undefined;
}

export function exampleOf(
  schema: JsonSchema | undefined,
  context: ExampleContext,
  property = '',
): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const known = context.made.get(name);
    if (known === MAKING) return null;
    if (known !== undefined) return structuredClone(known);
    context.made.set(name, MAKING);
    const made = exampleOf(context.components[name], context, property);
    context.made.set(name, made);
    return structuredClone(made);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const real = (options as JsonSchema[]).find((option) => typeOf(option) !== 'null');
      return exampleOf(real ?? options[0], context, property);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign(
      {},
      ...(schema.allOf as JsonSchema[]).map((part) => exampleOf(part, context, property)),
    );
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name, exampleOf(value, context, name)]),
      );
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const item = exampleOf(schema.items as JsonSchema, context, property);
      return Array.from({ length: Math.max(1, min) }, () => structuredClone(item));
    }
    case 'string':
      return stringExample(schema, property);
    case 'integer':
      return numberExample(schema, true);
    case 'number':
      return numberExample(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return property ? textFor(property) : {};
  }
}
