import { XMLParser } from 'fast-xml-parser';

/** One object of a ListObjectsV2 answer. */
export interface ListedObject {
  key: string;
  lastModifiedMs: number;
}

export interface ListingPage {
  objects: ListedObject[];
  /** Where the next page starts; undefined on the last page. */
  nextToken: string | undefined;
}

const parser = new XMLParser({
  // Keys and tokens stay text even when they look like numbers ("00" would become 0).
  parseTagValue: false,
  // One <Contents> or many: always a list.
  isArray: (name) => name === 'Contents',
  processEntities: true,
});

interface ListBucketResult {
  Contents?: { Key?: unknown; LastModified?: unknown }[];
  IsTruncated?: unknown;
  NextContinuationToken?: unknown;
}

/**
 * Reads the parts of a ListObjectsV2 answer the orphan sweep and the backup need, with a real
 * XML parser (entities, CDATA and namespaces handled). An object whose key or date cannot be
 * read is left out, so the sweep never removes what it could not date.
 */
export function parseListing(xml: string): ListingPage {
  const document = parser.parse(xml) as { ListBucketResult?: ListBucketResult };
  const result = document.ListBucketResult;
  if (!result) throw new Error('Not a ListObjectsV2 answer');
  const objects: ListedObject[] = [];
  for (const entry of result.Contents ?? []) {
    const key = typeof entry.Key === 'string' ? entry.Key : undefined;
    const lastModifiedMs = Date.parse(String(entry.LastModified ?? ''));
    if (key !== undefined && Number.isFinite(lastModifiedMs)) objects.push({ key, lastModifiedMs });
  }
  const truncated = String(result.IsTruncated) === 'true';
  const token = result.NextContinuationToken;
  return { objects, nextToken: truncated && typeof token === 'string' ? token : undefined };
}
