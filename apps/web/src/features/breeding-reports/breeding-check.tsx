import { CAlert } from '@coreui/react';
import { BREEDING_MESSAGES, BREEDING_METHOD_LABELS } from '@registry/domain';
import { formatDaySlashed } from '../../lib/format';
import { useHorseBreeding } from './api';

/**
 * For the reviewer: the reported breeding a registration is linked to (its sire and dam then
 * linked to their records), or the server's "no breeding report" flag.
 */
export function BreedingCheck({ horseId }: { horseId: string }) {
  const { data } = useHorseBreeding(horseId);
  if (!data) return null;
  if (data.linked) {
    const fit = data.linked;
    return (
      <CAlert color="success" role="note" aria-label="Breeding report">
        <strong>From a reported breeding</strong>: {fit.stallion.name} (
        {fit.stallion.registrationNumber}) ×{' '}
        {fit.mare ? `${fit.mare.name} (${fit.mare.registrationNumber})` : fit.mareName},{' '}
        {fit.season} season, bred {fit.breedingDates.map((d) => formatDaySlashed(d)).join(', ')} (
        {BREEDING_METHOD_LABELS[fit.method]}). Sire{fit.mare ? ' and dam are' : ' is'} linked to
        {fit.mare ? ' their' : ' its'} registered record{fit.mare ? 's' : ''}.
      </CAlert>
    );
  }
  if (data.noBreedingReport) {
    return (
      <CAlert color="warning" role="note" aria-label="Breeding report">
        <strong>{BREEDING_MESSAGES.noBreedingReport}</strong>:{' '}
        {BREEDING_MESSAGES.noBreedingReportHint}
      </CAlert>
    );
  }
  return null;
}
