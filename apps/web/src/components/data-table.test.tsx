import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { PHONE_QUERY } from '../lib/use-media-query';
import { stubbedMatchMedia } from '../test/match-media';
import { TableOrCards } from './data-table';

const HORSES = [
  { id: 'h1', name: 'Copper Bell', color: 'Bay' },
  { id: 'h2', name: 'Night Owl', color: 'Black' },
];

function Horses({ busy = false }: { busy?: boolean }) {
  return (
    <TableOrCards
      label="Horses"
      busy={busy}
      columns={['Name', 'Color']}
      actions
      items={HORSES}
      keyOf={(horse) => horse.id}
      row={(horse) => (
        <>
          <CTableHeaderCell scope="row">{horse.name}</CTableHeaderCell>
          <CTableDataCell>{horse.color}</CTableDataCell>
          <CTableDataCell>
            <button type="button">Edit {horse.name}</button>
          </CTableDataCell>
        </>
      )}
      card={(horse) => (
        <p>
          {horse.name}, {horse.color}
        </p>
      )}
    />
  );
}

describe('TableOrCards', () => {
  const setScreen = stubbedMatchMedia();

  it('draws a named table with the header cells, the actions column and a row for each item on a wide screen', () => {
    setScreen(() => false);
    render(<Horses busy />);
    const table = screen.getByRole('table', { name: 'Horses' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Color', 'Actions']);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Copper BellBayEdit Copper Bell',
      'Night OwlBlackEdit Night Owl',
    ]);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('draws a named list of cards instead on a phone', () => {
    setScreen((query) => query === PHONE_QUERY);
    render(<Horses />);
    const list = screen.getByRole('list', { name: 'Horses' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Copper Bell, Bay', 'Night Owl, Black']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
