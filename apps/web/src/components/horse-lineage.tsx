import type { ReactNode } from 'react';
import { usePublicPedigree } from '../lib/lineage-api';
import { FiveGenerationChart } from './five-generation-chart';
import { LoadError, LoadingBlock } from './load-states';
import { OffspringList } from './offspring-list';

/** The five-generation chart of a registered horse, fetched by its number. */
export function RegisteredPedigree({
  registrationNumber,
  name,
  fallback,
  newTab = false,
}: {
  registrationNumber: string;
  name: string;
  /** Inside a dialog: records open in a new tab. */
  newTab?: boolean;
  /** Shown while the chart cannot be (the horse's own typed chart, for instance). */
  fallback?: ReactNode;
}) {
  const pedigree = usePublicPedigree(registrationNumber);
  // Anything but a pedigree (an older server, a proxy page) reads as not known: the fallback.
  if (Array.isArray(pedigree.data?.ancestors) && pedigree.data.horse) {
    return (
      <FiveGenerationChart pedigree={pedigree.data} label={`Pedigree of ${name}`} newTab={newTab} />
    );
  }
  return (
    <>
      <LoadError
        lead="The pedigree could not be loaded"
        error={pedigree.error}
        loading={pedigree.loading}
        onRetry={pedigree.reload}
      />
      {pedigree.loading && !fallback ? <LoadingBlock label="Loading the pedigree" /> : fallback}
    </>
  );
}

/**
 * A registered horse's lineage: its pedigree to five generations and its registered
 * offspring, as the verify page, the member's view and the office's view show them.
 */
export function HorseLineage({
  registrationNumber,
  name,
  headingLevel = 'h3',
  newTab = false,
}: {
  registrationNumber: string;
  name: string;
  headingLevel?: 'h2' | 'h3';
  /** Inside a dialog: records open in a new tab. */
  newTab?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <>
      <section className="mb-4">
        <Heading className="h6 border-bottom pb-1">Pedigree</Heading>
        <RegisteredPedigree registrationNumber={registrationNumber} name={name} newTab={newTab} />
      </section>
      <section className="mb-4">
        <Heading className="h6 border-bottom pb-1">Offspring</Heading>
        <OffspringList registrationNumber={registrationNumber} name={name} newTab={newTab} />
      </section>
    </>
  );
}
