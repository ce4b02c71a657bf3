import { screen, within } from '@testing-library/react';
import type { Horse } from '../lib/horse-types';
import type { FakeReply } from './fake-transport';
import { serveSignedInMember } from './signed-in-member';

/**
 * For the My Horses payment tests: the member signed in against a fake API whose horse list is
 * `horses` and whose config is empty. The returned function installs it with `answer` for the
 * one request a test is about (`url`) and gives back the requests sent.
 */
export function myHorsesServer(horses: Horse[]) {
  const serve = serveSignedInMember();
  return (url: string, answer: () => FakeReply) =>
    serve((request) => {
      if (request.url === url) return answer();
      if (request.url === 'config') return { status: 200, data: { success: true, data: {} } };
      const list = { items: horses, total: horses.length, page: 1, pageSize: 10 };
      return { status: 200, data: { success: true, data: list } };
    });
}

/** The row of the horses table that names `name`, once the list has loaded. */
export async function rowOf(name: string) {
  const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name))!;
}
