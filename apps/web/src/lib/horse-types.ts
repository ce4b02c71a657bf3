/**
 * The horse objects of the API contract: their zod schemas live in `@registry/domain`
 * (`packages/domain/src/contract`), where the API's responses are declared; the web imports
 * their types only, so a mismatch with the API fails the type check.
 */
export type {
  ApprovalStatus,
  FieldChange,
  FileRef,
  Horse,
  HorseAncestor,
  HorseMarkings,
  HorseOtherRegistry,
  HorseOwner,
  HorseParent,
  Page,
  PaymentStatus,
  PendingChange,
  PublicHorse,
} from '@registry/domain';
export { APPROVAL_STATUSES, horseDisplayName } from '@registry/domain';

export function isImageFile(file: { mime: string; name: string }): boolean {
  return file.mime.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(file.name);
}
