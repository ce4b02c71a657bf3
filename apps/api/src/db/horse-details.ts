import type {
  DetailsTextKey,
  MarkingDescriptionKey,
  MemberColumnKey,
  Owner,
} from '@registry/domain';

/** One ancestor of the pedigree as stored; its paperwork is a row in `horse_files`. */
export interface StoredAncestor {
  name: string;
  reg: string;
  otherRegName: string;
  otherRegNum: string;
}

export interface StoredParent extends StoredAncestor {
  grand_sire: StoredAncestor;
  grand_dam: StoredAncestor;
  great_grand_sire: StoredAncestor;
  great_grand_dam: StoredAncestor;
}

/** The markings' descriptions, one text per key of the domain's table. */
export type StoredMarkings = Record<MarkingDescriptionKey, string>;

/**
 * The `horses.details` JSONB: the parts of a registration nobody filters on. Written only from
 * the output of the domain schema, with optional text normalised to '' so readers need no
 * undefined checks. Its plain text keys are the sections' text fields that are not columns
 * (`DetailsTextKey`, packages/domain/src/horse/stored-fields.ts); a record saved before a field
 * existed lacks its key, which the answers read as ''.
 */
export type HorseDetails = Record<DetailsTextKey, string> & {
  otherRegistries: Array<{ registryName: string; registryNumber: string }>;
  sire: StoredParent;
  dam: StoredParent;
  othermarkings: StoredMarkings;
  ownerType: string;
  owners: Owner[];
  checkedOwnerInfo: boolean;
};

/** The stored values of a registration or edit: the columns lists filter on, and details. */
export type HorseRecordValues = Record<MemberColumnKey, string> & {
  sireName: string;
  damName: string;
  details: HorseDetails;
};
