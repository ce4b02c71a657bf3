import { useId } from 'react';

export interface ChartPoint {
  /** Short axis label ("Jan"). */
  label: string;
  /** What the data table says instead ("January 2026"); defaults to the label. */
  long?: string;
  value: number;
}

// Narrow on purpose: on a phone the drawing shrinks least, so the axis labels stay legible.
const WIDTH = 420;
const HEIGHT = 220;
const PAD = { top: 14, right: 8, bottom: 30, left: 52 };

/** A round step for the value axis: 1, 2 or 5 times a power of ten. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A small hand-drawn bar chart. The SVG is a picture for sighted users (aria-hidden); the
 * same numbers are in a visually-hidden table that screen readers read instead.
 */
export function BarChart({
  title,
  points,
  format = String,
  valueLabel,
  minTop = 1,
}: {
  title: string;
  points: readonly ChartPoint[];
  format?: (value: number) => string;
  valueLabel: string;
  /** The axis reaches at least this far, so an empty year is not drawn at a scale of one. */
  minTop?: number;
}) {
  const titleId = useId();
  const top = niceMax(Math.max(minTop, ...points.map((p) => p.value)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(4, slot * 0.6);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = [0, top / 2, top];
  return (
    <figure className="mb-0" aria-labelledby={titleId}>
      <figcaption id={titleId} className="h6">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-100 h-auto chart-svg"
        aria-hidden="true"
        focusable="false"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="chart-grid"
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="chart-axis">
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={point.long ?? point.label}>
              <rect
                x={x}
                y={y(point.value)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(point.value))}
                rx={2}
                className="chart-bar"
              >
                <title>{`${point.label}: ${format(point.value)}`}</title>
              </rect>
              <text
                x={x + barW / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                className="chart-axis"
              >
                {point.label}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.long ?? point.label}>
              <th scope="row">{point.long ?? point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
