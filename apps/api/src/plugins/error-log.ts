/**
 * How an error is written to the log. Pino's default serializer writes every enumerable
 * property, and a failed Drizzle query carries its parameters (emails, names, hashes) both as
 * `params` and inside its message; a PostgreSQL error repeats the offending value in `detail`
 * and often in its message. This serializer keeps what helps an operator (type, code,
 * constraint, the SQL text with its $n placeholders, the stack) and drops the values
 * (docs/decisions/0048-logs-carry-no-values-or-secrets.md).
 */

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  stack: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 5;

/** A PostgreSQL (or PGlite) error: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' && error.code.length === 5 && typeof error.severity === 'string'
  );
}

/** `invalid input syntax for type uuid: "x"` -> `... uuid: "[value]"`; names in quotes stay. */
function withoutValues(message: string): string {
  const colon = message.indexOf(': "');
  return colon === -1 ? message : `${message.slice(0, colon)}: "[value]"`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The stack's frames under a message we chose (the original first line may hold values). */
function restack(stack: unknown, headline: string): string {
  if (typeof stack !== 'string') return headline;
  const frames = stack.split('\n').filter((line) => line.startsWith('    at '));
  return [headline, ...frames].join('\n');
}

function serialize(error: unknown, depth: number): LoggedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const record = error as Record<string, unknown>;
  const type =
    text(record.name) ??
    (error as { constructor?: { name?: string } }).constructor?.name ??
    'Error';
  let message = text(record.message) ?? '';
  const logged: LoggedError = { type, message, stack: '' };
  if ('params' in record && typeof record.query === 'string') {
    // Drizzle's failed query: the SQL is safe to show, its parameters are not.
    logged.query = record.query;
    message = 'Failed query';
  } else if (isDatabaseError(record)) {
    message = withoutValues(message);
    for (const key of ['constraint', 'table', 'column'] as const) {
      const value = text(record[key]);
      if (value) logged[key] = value;
    }
  }
  logged.message = message;
  const code = record.code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (typeof record.statusCode === 'number') logged.statusCode = record.statusCode;
  logged.stack = restack(record.stack, `${type}: ${message}`);
  if (record.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = serialize(record.cause, depth + 1);
  }
  return logged;
}

export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}
