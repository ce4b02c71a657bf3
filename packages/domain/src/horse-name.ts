/**
 * The name a horse is known by wherever it is shown (screens, emails, exports, the certificate):
 * the approved name, else the owner's name choices in order, else "Unnamed horse".
 */
export function horseDisplayName(horse: {
  approvedName?: string | null;
  firstChoice?: string | null;
  secondChoice?: string | null;
  thirdChoice?: string | null;
}): string {
  if (horse.approvedName?.trim()) return horse.approvedName.trim();
  const choices = [horse.firstChoice, horse.secondChoice, horse.thirdChoice]
    .map((choice) => choice?.trim())
    .filter((choice): choice is string => Boolean(choice));
  return choices.length > 0 ? choices.join(' / ') : 'Unnamed horse';
}
