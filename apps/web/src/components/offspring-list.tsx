import { createContext, useContext } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import type { Offspring } from '@registry/domain';
import { toDateInputValue } from '../lib/format';
import { useOffspring } from '../lib/lineage-api';
import { LoadError } from './load-states';

const day = (value: string) => toDateInputValue(value).replace(/-/g, '/');

/** Inside a dialog the records open in a new tab, so the dialog stays. */
const NewTab = createContext(false);

function HorseLink({ name, number }: { name: string; number: string | null }) {
  const newTab = useContext(NewTab);
  if (!number) return <>{name || '—'}</>;
  return (
    <a
      href={`/verify/${encodeURIComponent(number)}`}
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {name || number}
      <span className="visually-hidden">
        {' '}
        ({number}
        {newTab ? ', opens in a new tab' : ''})
      </span>
    </a>
  );
}

function OtherParent({ foal }: { foal: Offspring }) {
  const { side, name, registrationNumber } = foal.otherParent;
  return (
    <>
      <span className="text-body-secondary">{side === 'dam' ? 'out of' : 'by'} </span>
      <HorseLink name={name} number={registrationNumber} />
    </>
  );
}

function OffspringItems({ items, label }: { items: Offspring[]; label: string }) {
  return (
    <ul className="list-unstyled mb-2" aria-label={label}>
      {items.map((foal) => (
        <li key={foal.horseId} className="border-bottom py-2">
          <strong>
            <HorseLink name={foal.name} number={foal.registrationNumber} />
          </strong>
          <div className="small">
            {foal.registrationNumber} · {foal.sex} · foaled {day(foal.foalDate)}
          </div>
          <div className="small">
            <OtherParent foal={foal} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The approved offspring of a registered horse, newest foal first, a page at a time (GET
 * public/horses/:number/offspring): one entry per foal, two short lines that fit a phone too
 * (the public verify page has no table styles: they come with the signed-in shell).
 */
export function OffspringList({
  registrationNumber,
  name,
  newTab = false,
}: {
  registrationNumber: string;
  name: string;
  newTab?: boolean;
}) {
  const offspring = useOffspring(registrationNumber);
  const label = `Registered offspring of ${name}`;
  return (
    <NewTab.Provider value={newTab}>
      <LoadError
        lead="The offspring could not be loaded"
        error={offspring.error}
        loading={offspring.loading}
        onRetry={offspring.retry}
      />
      {offspring.items.length > 0 && <OffspringItems items={offspring.items} label={label} />}
      {!offspring.loading && !offspring.error && offspring.items.length === 0 && (
        <p className="text-body-secondary mb-0">No registered offspring.</p>
      )}
      {offspring.loading ? (
        <p role="status" className="mb-0">
          <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Loading offspring…
        </p>
      ) : (
        offspring.hasMore && (
          <CButton color="secondary" variant="outline" size="sm" onClick={offspring.showMore}>
            Show more offspring
          </CButton>
        )
      )}
    </NewTab.Provider>
  );
}
