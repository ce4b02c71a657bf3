import { memo, useState } from 'react';
import { CNav } from '@coreui/react';
import {
  PEDIGREE_ANCESTORS,
  PEDIGREE_PARENTS,
  type PedigreeAncestor,
  type PedigreeParent,
} from '@registry/domain';
import { FileInput } from '../fields/file-input';
import { TextInput } from '../fields/text-input';
import { ErrorCountBadge } from '../section-card';
import { useRegistration } from '../registration-context';
import { Staged } from '../staged-reveal';
import { BreedingsThatFit } from './breedings-that-fit';
import { ParentLink } from './parent-link';

const PARENT_LABEL: Record<PedigreeParent, string> = { sire: 'Sire', dam: 'Dam' };
const ANCESTOR_LABEL: Record<PedigreeAncestor, string> = {
  grand_sire: 'Grand Sire',
  grand_dam: 'Grand Dam',
  great_grand_sire: 'Great-Grand Sire',
  great_grand_dam: 'Great-Grand Dam',
};

/** One person of the pedigree: `prefix` is 'sire' or 'sire.grand_dam' and so on. */
const AncestorFields = memo(function AncestorFields({
  parent,
  ancestor,
}: {
  parent: PedigreeParent;
  ancestor?: PedigreeAncestor;
}) {
  const { readOnly } = useRegistration();
  const prefix = ancestor ? (`${parent}.${ancestor}` as const) : parent;
  const legend = ancestor
    ? `${PARENT_LABEL[parent]}'s ${ANCESTOR_LABEL[ancestor]}`
    : PARENT_LABEL[parent];
  return (
    <fieldset className="horse-subgroup col-12">
      <legend className="horse-subgroup-legend">{legend}</legend>
      <div className="row g-2">
        {!ancestor && (
          <div className="col-12 order-last">
            <ParentLink parent={parent} readOnly={readOnly} />
          </div>
        )}
        <TextInput className="col-md-6 col-xl-3" name={`${prefix}.name`} label="Name" />
        <TextInput
          className="col-md-6 col-xl-3"
          name={`${prefix}.reg`}
          label="Registration Number"
        />
        <TextInput
          className="col-md-6 col-xl-3"
          name={`${prefix}.otherRegName`}
          label="Other Registry Name"
        />
        <TextInput
          className="col-md-6 col-xl-3"
          name={`${prefix}.otherRegNum`}
          label="Other Registry Number"
        />
        <FileInput className="col-12" name={`${prefix}.paperwork`} />
      </div>
    </fieldset>
  );
});

const ParentPanel = memo(function ParentPanel({ parent }: { parent: PedigreeParent }) {
  const { readOnly } = useRegistration();
  return (
    <fieldset disabled={readOnly} className="row g-3">
      {/* Each person mounts on its own after the form has painted (staged-reveal.tsx). */}
      {parent === 'sire' ? (
        <AncestorFields parent={parent} />
      ) : (
        <Staged>
          <AncestorFields parent={parent} />
        </Staged>
      )}
      {PEDIGREE_ANCESTORS.map((ancestor) => (
        <Staged key={ancestor}>
          <AncestorFields parent={parent} ancestor={ancestor} />
        </Staged>
      ))}
    </fieldset>
  );
});

/**
 * Spec §2.6 item 12: Sire and Dam tabs. Both panels stay mounted (hidden, not removed) so
 * their values and errors survive switching; the tabs stay usable in view mode.
 */
export const PedigreeSection = memo(function PedigreeSection() {
  const [active, setActive] = useState<PedigreeParent>('sire');
  const tabId = (parent: PedigreeParent) => `pedigree-${parent}-tab`;
  const panelId = (parent: PedigreeParent) => `pedigree-${parent}-panel`;
  return (
    <>
      <BreedingsThatFit />
      <CNav as="div" variant="tabs" role="tablist" className="mb-3">
        {PEDIGREE_PARENTS.map((parent) => (
          <button
            key={parent}
            type="button"
            role="tab"
            id={tabId(parent)}
            className={`nav-link d-flex align-items-center gap-2${active === parent ? ' active' : ''}`}
            aria-selected={active === parent}
            aria-controls={panelId(parent)}
            tabIndex={active === parent ? 0 : -1}
            onClick={() => setActive(parent)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next = parent === 'sire' ? 'dam' : 'sire';
              setActive(next);
              document.getElementById(tabId(next))?.focus();
            }}
          >
            {PARENT_LABEL[parent]}
            <ErrorCountBadge fields={[parent]} />
          </button>
        ))}
      </CNav>
      {PEDIGREE_PARENTS.map((parent) => (
        <div
          key={parent}
          role="tabpanel"
          id={panelId(parent)}
          aria-labelledby={tabId(parent)}
          hidden={active !== parent}
        >
          <ParentPanel parent={parent} />
        </div>
      ))}
    </>
  );
});
