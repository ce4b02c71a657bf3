import type { FieldErrors } from 'react-hook-form';

function isFieldError(node: object): boolean {
  const { message, type } = node as { message?: unknown; type?: unknown };
  return typeof message === 'string' || typeof type === 'string';
}

/** Dot paths of every message in a react-hook-form errors tree ('owners.1.zip'). */
export function errorPaths(errors: FieldErrors | unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  if (prefix && isFieldError(errors)) return [prefix];
  const paths: string[] = [];
  for (const [key, child] of Object.entries(errors)) {
    if (key === 'ref') continue;
    // An array-level message (e.g. owners.root) belongs to the array itself.
    const path = key === 'root' && prefix ? prefix : prefix ? `${prefix}.${key}` : key;
    paths.push(...errorPaths(child, path));
  }
  return paths;
}

export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  if (isFieldError(errors)) return 1;
  return errorPaths(errors, '').length;
}
