import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BarChart, niceMax } from './bar-chart';
import { SplitBar } from './split-bar';

describe('BarChart', () => {
  it('draws one bar per point and gives screen readers the same numbers as a table', () => {
    const { container } = render(
      <BarChart
        title="Revenue per month"
        valueLabel="Revenue"
        format={(cents) => `$${cents / 100}`}
        points={[
          { label: 'Jan', long: 'January 2026', value: 3000 },
          { label: 'Feb', long: 'February 2026', value: 10000 },
        ]}
      />,
    );
    const bars = container.querySelectorAll('rect.chart-bar');
    expect(bars).toHaveLength(2);
    // The taller value gets the taller bar.
    expect(Number(bars[1]!.getAttribute('height'))).toBeGreaterThan(
      Number(bars[0]!.getAttribute('height')),
    );
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const table = screen.getByRole('table', { name: 'Revenue per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthRevenue',
      'January 2026$30',
      'February 2026$100',
    ]);
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(4200)).toBe(5000);
  });

  it('splits card and bank in proportion, with a table', () => {
    const { container } = render(
      <SplitBar
        title="Card vs bank"
        parts={[
          { label: 'Card', value: 300, detail: '$3.00 (1)', tone: 'primary' },
          { label: 'Bank', value: 100, detail: '$1.00 (1)', tone: 'info' },
        ]}
      />,
    );
    const widths = [...container.querySelectorAll('rect.chart-part')].map((r) =>
      Number(r.getAttribute('width')),
    );
    expect(widths).toEqual([300, 100]);
    expect(screen.getByRole('table', { name: 'Card vs bank' })).toHaveTextContent('Bank$1.00 (1)');
  });
});
