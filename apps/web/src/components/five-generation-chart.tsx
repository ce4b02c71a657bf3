import './pedigree-cells.css';
import './five-generation-chart.css';
import { useState } from 'react';
import { CButton } from '@coreui/react';
import {
  PEDIGREE_GENERATIONS,
  pedigreePaths,
  type FiveGenerationPedigree,
  type LineageAncestor,
} from '@registry/domain';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/** Shown on a phone before the reader asks for more. */
const PHONE_GENERATIONS = 3;

const ROLES = ['', '', 'Grand ', 'Great-grand ', '2nd great-grand ', '3rd great-grand '];

/** "Sire", "Grand dam", "3rd great-grand sire"... by generation and the place's last letter. */
export function roleOf(path: string): string {
  const parent = path.endsWith('s') ? 'sire' : 'dam';
  const prefix = ROLES[path.length] ?? '';
  return prefix ? `${prefix}${parent}` : parent === 'sire' ? 'Sire' : 'Dam';
}

/** The way from the horse to the place, for screen readers: "sire's dam's sire". */
export function lineOf(path: string): string {
  return [...path].map((letter) => (letter === 's' ? 'sire' : 'dam')).join("'s ");
}

/**
 * The places shown: both parents and grandparents always; deeper ones where the line is known
 * (a known place, the unknown parents of a known one, and the places on the way to a known one).
 */
export function shownPaths(known: ReadonlySet<string>, generations: number): string[] {
  const paths: string[] = [];
  const towards = (path: string) => [...known].some((k) => k.startsWith(path));
  const visit = (path: string) => {
    if (path.length > generations) return;
    if (path.length > 2 && !towards(path) && !known.has(path.slice(0, -1))) return;
    paths.push(path);
    visit(`${path}s`);
    visit(`${path}d`);
  };
  visit('s');
  visit('d');
  return paths;
}

function Place({
  path,
  ancestor,
  rows,
  newTab,
}: {
  path: string;
  ancestor: LineageAncestor | undefined;
  /** The rows the chart is tall: one per place of its last generation. */
  rows: number;
  newTab: boolean;
}) {
  const generation = path.length;
  const span = rows >> generation;
  const row = pedigreePaths(generation).indexOf(path) * span + 1;
  const name = ancestor?.name.trim();
  return (
    <div
      className="pedigree-cell"
      data-generation={generation}
      style={{ gridColumn: generation + 1, gridRow: `${row} / span ${span}` }}
      role="listitem"
    >
      <span className="pedigree-role">
        {roleOf(path)}
        {generation > 1 && <span className="visually-hidden"> ({lineOf(path)})</span>}
      </span>
      <span className={name ? 'pedigree-name' : 'pedigree-name text-body-secondary'}>
        {name || 'Unknown'}
      </span>
      {ancestor?.horse ? (
        // A registered ancestor opens its record's public page.
        <a
          className="pedigree-reg"
          href={`/verify/${encodeURIComponent(ancestor.horse.registrationNumber)}`}
          {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
        >
          {ancestor.horse.registrationNumber}
          <span className="visually-hidden">
            {newTab
              ? ' (registered: open its record in a new tab)'
              : ' (registered: open its record)'}
          </span>
        </a>
      ) : (
        ancestor?.reg && <span className="pedigree-reg">{ancestor.reg}</span>
      )}
    </div>
  );
}

/**
 * Up to five generations of ancestors as a CSS grid (the horse, then 2, 4, 8, 16 and 32
 * places), as deep as the register knows them (GET public/horses/:number/pedigree). The places are written in
 * reading order (each ancestor followed by its own line), so on a phone the grid becomes one
 * indented column: three generations first, the fourth and fifth on request.
 */
export function FiveGenerationChart({
  pedigree,
  label,
  newTab = false,
}: {
  pedigree: FiveGenerationPedigree;
  label: string;
  /** Inside a dialog: ancestors open in a new tab, so the dialog stays. */
  newTab?: boolean;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [deep, setDeep] = useState(false);
  const byPath = new Map(pedigree.ancestors.map((ancestor) => [ancestor.path, ancestor]));
  const generations = phone && !deep ? PHONE_GENERATIONS : PEDIGREE_GENERATIONS;
  const paths = shownPaths(new Set(byPath.keys()), generations);
  const hidden = phone && !deep && pedigree.ancestors.some((a) => a.path.length > generations);
  // As deep as the register knows the line (five generations at most), so a horse with a
  // short known line gets a compact chart rather than empty columns.
  const depth = Math.max(2, ...paths.map((path) => path.length));
  const rows = 2 ** depth;
  return (
    <div>
      <div className="pedigree-scroll">
        <div
          className="pedigree5-chart"
          role="list"
          aria-label={label}
          data-depth={depth}
          style={{
            gridTemplateColumns: `minmax(7rem, 0.8fr) repeat(${depth}, minmax(8rem, 1fr))`,
            gridTemplateRows: `repeat(${rows}, minmax(${depth > 3 ? 1.75 : 2.75}rem, auto))`,
          }}
        >
          <div
            className="pedigree-cell"
            data-generation={0}
            style={{ gridColumn: 1, gridRow: `1 / span ${rows}` }}
            role="listitem"
          >
            <span className="pedigree-role">Horse</span>
            <span className="pedigree-name">{pedigree.horse.name}</span>
            <span className="pedigree-reg">{pedigree.horse.registrationNumber}</span>
          </div>
          {paths.map((path) => (
            <Place key={path} path={path} ancestor={byPath.get(path)} rows={rows} newTab={newTab} />
          ))}
        </div>
      </div>
      {phone && (hidden || deep) && (
        <CButton
          color="secondary"
          variant="outline"
          size="sm"
          className="mt-2"
          aria-expanded={deep}
          onClick={() => setDeep((value) => !value)}
        >
          {deep ? 'Show three generations' : 'Show generations 4 and 5'}
        </CButton>
      )}
    </div>
  );
}
