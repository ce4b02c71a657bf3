import {
  feesFor,
  HORSE_TEXT_PARTS,
  KEEP_MARKINGS_PART,
  NAME_CHOICE_PARTS,
  UPLOAD_IDS_PART,
  UPLOADED_FILE_SLOTS,
  valueAtPath,
  type HorseFileSlot,
  type UploadReference,
} from '@registry/domain';
import { billingInfoToSend } from '../../payments/payments-api';
import { isHeldFile } from '../uploads/held-files';
import type { HorseFormOutput } from './form-values';

/**
 * The multipart bodies of docs/api.md: text parts, then JSON parts, then files (so a server
 * streaming the body sees every field before the first large file).
 */

type Ancestor = HorseFormOutput['sire']['grand_sire'];
type Parent = HorseFormOutput['sire'];

function ancestorJson(ancestor: Ancestor) {
  return {
    name: ancestor.name ?? '',
    reg: ancestor.reg ?? '',
    otherRegName: ancestor.otherRegName ?? '',
    otherRegNum: ancestor.otherRegNum ?? '',
  };
}

/** A pedigree side without its files, which travel as their own parts. */
export function pedigreeJson(parent: Parent) {
  return {
    ...ancestorJson(parent),
    grand_sire: ancestorJson(parent.grand_sire),
    grand_dam: ancestorJson(parent.grand_dam),
    great_grand_sire: ancestorJson(parent.great_grand_sire),
    great_grand_dam: ancestorJson(parent.great_grand_dam),
  };
}

/** The form's finished background uploads (features/horses/uploads): named by id, not sent. */
export interface FinishedUploads {
  referenceOf(file: unknown): UploadReference | undefined;
}

const NO_UPLOADS: FinishedUploads = { referenceOf: () => undefined };

/** Upload ids collected while a body is built, per body. */
const uploadIds = new WeakMap<FormData, string[]>();
/** Stored marking photo ids an edit keeps, per body. */
const keptIds = new WeakMap<FormData, string[]>();

function appendFile(
  body: FormData,
  place: HorseFileSlot,
  file: unknown,
  uploads: FinishedUploads,
): void {
  const part = place.part;
  if (isHeldFile(file)) {
    // Held without bytes (uploads/held-files.ts): a finished upload is named by id; a stored
    // file of a one-file place is kept by sending nothing; stored marking photos are named.
    if (file.held === 'stored' && !place.multiple) return;
    const ids = file.held === 'upload' ? uploadIds : keptIds;
    ids.set(body, [...(ids.get(body) ?? []), file.id]);
    return;
  }
  if (!(file instanceof Blob)) return;
  const uploaded = uploads.referenceOf(file);
  if (uploaded) {
    uploadIds.set(body, [...(uploadIds.get(body) ?? []), uploaded.id]);
    return;
  }
  // Not uploaded ahead (failed, or no background uploads): its bytes go with the form.
  body.append(part, file, (file as File).name || part);
}

function appendUploadIds(body: FormData): void {
  const ids = uploadIds.get(body);
  if (ids && ids.length > 0) body.append(UPLOAD_IDS_PART, JSON.stringify(ids));
}

function appendCommon(body: FormData, values: HorseFormOutput): void {
  const text: Partial<Record<(typeof HORSE_TEXT_PARTS)[number], string>> = {
    ...values,
    // The test details mean nothing once DNA is No; a stale date is not sent.
    DNA_CASE: values.DNA === 'Yes' ? values.DNA_CASE : '',
    DNA_TEST_DATE: values.DNA === 'Yes' ? values.DNA_TEST_DATE : '',
  };
  for (const part of HORSE_TEXT_PARTS) body.append(part, text[part] ?? '');
  body.append('checkedOwnerInfo', String(values.checkedOwnerInfo === true));
}

function appendJsonAndFiles(
  body: FormData,
  values: HorseFormOutput,
  uploads: FinishedUploads,
): void {
  body.append('sire', JSON.stringify(pedigreeJson(values.sire)));
  body.append('dam', JSON.stringify(pedigreeJson(values.dam)));
  body.append('othermarkings', JSON.stringify(values.othermarkings));
  body.append(
    'otherRegistries',
    JSON.stringify(
      values.otherRegistries.map((registry) => ({
        registryName: registry.registryName ?? '',
        registryNumber: registry.registryNumber ?? '',
      })),
    ),
  );
  body.append('owners', JSON.stringify(values.owners));

  // Every file at its place (the files' table, domain horse/file-slots.ts), under its part.
  for (const place of UPLOADED_FILE_SLOTS) {
    const value = valueAtPath(values, place.path);
    const files: unknown[] = place.multiple ? (Array.isArray(value) ? value : []) : [value];
    for (const file of files) appendFile(body, place, file, uploads);
  }
}

/** POST members/horses/register. */
export function registrationFormData(
  values: HorseFormOutput,
  uploads: FinishedUploads = NO_UPLOADS,
): FormData {
  const body = new FormData();
  appendCommon(body, values);
  for (const part of NAME_CHOICE_PARTS) body.append(part, values[part] ?? '');
  body.append('ownerSignature', values.ownerSignature ?? '');
  if (values.billingInfo) {
    body.append(
      'fees',
      JSON.stringify(
        feesFor({
          performanceVerification: values.performanceVerification,
          prepayDNAFee: values.fees?.prepayDNAFee,
        }),
      ),
    );
    // Never the routing or account number: those go to the payment provider only.
    body.append('billingInfo', JSON.stringify(billingInfoToSend(values.billingInfo)));
    body.append('checkedAgreement', String(values.checkedAgreement === true));
  }
  appendJsonAndFiles(body, values, uploads);
  appendUploadIds(body);
  return body;
}

/**
 * PUT members/horses/:id: no name choices or signature; files only when newly chosen. With
 * `keepMarkings` (the form lists the stored marking photos to keep, remove or replace) the
 * body names the stored photos still listed, even none: new ones are added to them (docs/api.md
 * "Edit"). Without it, the stored set stays unless new photos replace it.
 */
export function editFormData(
  values: HorseFormOutput,
  uploads: FinishedUploads = NO_UPLOADS,
  options: { keepMarkings?: boolean } = {},
): FormData {
  const body = new FormData();
  appendCommon(body, values);
  appendJsonAndFiles(body, values, uploads);
  appendUploadIds(body);
  if (options.keepMarkings) {
    body.append(KEEP_MARKINGS_PART, JSON.stringify(keptIds.get(body) ?? []));
  }
  return body;
}
