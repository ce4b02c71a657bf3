/**
 * A short string matching a schema's `pattern`, for the document's examples (openapi-examples.ts):
 * the patterns of this API are simple (character classes, groups, alternatives, counts), so the
 * shortest string they allow is read off the pattern. The result is checked against the pattern;
 * undefined when it does not match.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  d: '1',
  w: 'a',
  s: ' ',
  D: 'a',
  W: '-',
  S: 'a',
};

interface Cursor {
  source: string;
  at: number;
}

/** One character class `[...]`: its first allowed character (`a` for `[a-z]`). */
function classSample(cursor: Cursor): string {
  cursor.at += 1; // [
  const negated = cursor.source[cursor.at] === '^';
  if (negated) cursor.at += 1;
  let first: string | undefined;
  while (cursor.at < cursor.source.length && cursor.source[cursor.at] !== ']') {
    let char = cursor.source[cursor.at] ?? '';
    if (char === '\\') {
      cursor.at += 1;
      const escaped = cursor.source[cursor.at] ?? '';
      char = ESCAPES[escaped] ?? escaped;
    }
    first ??= char;
    cursor.at += 1;
  }
  cursor.at += 1; // ]
  // A negated class allows about anything but what it lists.
  return negated ? (first === 'a' ? 'b' : 'a') : (first ?? 'a');
}

/** How often the last piece repeats: the least its quantifier allows (at least once for +). */
function repeatCount(cursor: Cursor): number {
  const char = cursor.source[cursor.at];
  if (char === '?' || char === '*') {
    cursor.at += 1;
    return 0;
  }
  if (char === '+') {
    cursor.at += 1;
    return 1;
  }
  if (char === '{') {
    const end = cursor.source.indexOf('}', cursor.at);
    const [min] = cursor.source.slice(cursor.at + 1, end).split(',');
    cursor.at = end + 1;
    return Number(min) || 0;
  }
  return 1;
}

/** The shortest string of the alternatives up to `)` or the end: the first alternative's. */
function sequence(cursor: Cursor): string {
  let text = '';
  while (cursor.at < cursor.source.length) {
    const char = cursor.source[cursor.at] ?? '';
    if (char === ')') break;
    if (char === '|') {
      // Skip the other alternatives of this group.
      let depth = 0;
      while (cursor.at < cursor.source.length) {
        const next = cursor.source[cursor.at];
        if (next === '(') depth += 1;
        if (next === ')' && depth-- === 0) break;
        cursor.at += 1;
      }
      break;
    }
    let piece: string;
    if (char === '^' || char === '$') {
      cursor.at += 1;
      continue;
    } else if (char === '[') {
      piece = classSample(cursor);
    } else if (char === '(') {
      cursor.at += 1;
      if (cursor.source.startsWith('?:', cursor.at)) cursor.at += 2;
      piece = sequence(cursor);
      cursor.at += 1; // )
    } else if (char === '\\') {
      const escaped = cursor.source[cursor.at + 1] ?? '';
      piece = ESCAPES[escaped] ?? escaped;
      cursor.at += 2;
    } else if (char === '.') {
      piece = 'a';
      cursor.at += 1;
    } else {
      piece = char;
      cursor.at += 1;
    }
    text += piece.repeat(repeatCount(cursor));
  }
  return text;
}

export function patternSample(pattern: string): string | undefined {
  try {
    const sample = sequence({ source: pattern, at: 0 });
    return new RegExp(pattern, 'u').test(sample) ? sample : undefined;
  } catch {
    return undefined;
  }
}
