import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_CONTENT_MAX_BYTES,
  DASHBOARD_CONTENT_MAX_NESTING,
  DASHBOARD_CONTENT_MESSAGES,
  dashboardContentProblem,
  markdownLineNesting,
  utf8Bytes,
} from './dashboard-content.js';

describe('markdownLineNesting', () => {
  it.each([
    ['plain text', 0],
    ['> quoted', 1],
    ['>>> three', 3],
    ['> > - 1. mixed', 4],
    ['  -   1)  indented markers', 2],
    ['-not a list\n*emphasis*', 0],
    ['2024 was a year\n3.5 apples', 0],
    ['* * *', 0],
    ['- - - - - - - - - -', 0],
    ['- * * *', 1],
    ['- - - x', 3],
    ['- '.repeat(30), 0],
    [`${'- '.repeat(30)}x`, 30],
    ['+ + + +', 4],
    ['1) 2. 1234567890. x', 2],
    ['a\n> b\n> > c\n\nd', 2],
    ['> a\r\n> > > b\r> c', 3],
  ])('%j nests %d deep', (text, depth) => {
    expect(markdownLineNesting(text)).toBe(depth);
  });
});

describe('dashboardContentProblem', () => {
  it('counts size in UTF-8 bytes, as the server stores it', () => {
    expect(utf8Bytes('aé€😀')).toBe(1 + 2 + 3 + 4);
    expect(dashboardContentProblem('é'.repeat(DASHBOARD_CONTENT_MAX_BYTES / 2))).toBeNull();
    expect(dashboardContentProblem('é'.repeat(DASHBOARD_CONTENT_MAX_BYTES / 2 + 1))).toBe(
      DASHBOARD_CONTENT_MESSAGES.tooLarge,
    );
  });

  it(`refuses more than ${DASHBOARD_CONTENT_MAX_NESTING} levels of nesting`, () => {
    expect(dashboardContentProblem('>'.repeat(DASHBOARD_CONTENT_MAX_NESTING))).toBeNull();
    expect(dashboardContentProblem('>'.repeat(DASHBOARD_CONTENT_MAX_NESTING + 1))).toBe(
      DASHBOARD_CONTENT_MESSAGES.tooDeep,
    );
    expect(dashboardContentProblem('>'.repeat(2000))).toBe(DASHBOARD_CONTENT_MESSAGES.tooDeep);
  });
});
