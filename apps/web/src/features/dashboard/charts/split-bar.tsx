import { useId } from 'react';

export interface SplitPart {
  label: string;
  value: number;
  detail: string;
  tone: 'primary' | 'info' | 'secondary';
}

/**
 * One horizontal bar split between parts (card vs bank), with a legend; the numbers are also
 * in a visually-hidden table for screen readers.
 */
export function SplitBar({ title, parts }: { title: string; parts: readonly SplitPart[] }) {
  const titleId = useId();
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let offset = 0;
  return (
    <figure className="mb-0" aria-labelledby={titleId}>
      <figcaption id={titleId} className="h6">
        {title}
      </figcaption>
      <svg
        viewBox="0 0 400 28"
        className="w-100 h-auto chart-svg"
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="none"
      >
        {total === 0 ? (
          <rect x={0} y={0} width={400} height={28} rx={4} className="chart-empty" />
        ) : (
          parts.map((part) => {
            const width = (part.value / total) * 400;
            const x = offset;
            offset += width;
            return (
              <rect
                key={part.label}
                x={x}
                y={0}
                width={width}
                height={28}
                className={`chart-part chart-part-${part.tone}`}
              />
            );
          })
        )}
      </svg>
      <ul className="list-inline small mt-2 mb-0" aria-hidden="true">
        {parts.map((part) => (
          <li key={part.label} className="list-inline-item me-3">
            <span className={`chart-swatch chart-part-${part.tone}`} /> {part.label}: {part.detail}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {parts.map((part) => (
            <tr key={part.label}>
              <th scope="row">{part.label}</th>
              <td>{part.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
