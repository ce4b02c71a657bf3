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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match?.[1] === undefined ? undefined : unescapeXml(match[1]);
}

/**
 * Reads the parts of a ListObjectsV2 answer the orphan sweep needs. The answer is flat, well-known
 * XML, so a few patterns do instead of an XML parser dependency; an object whose date cannot be
 * read is left out, so the sweep never removes what it could not date.
 */
export function parseListing(xml: string): ListingPage {
  const objects: ListedObject[] = [];
  for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = element(contents, 'Key');
    const lastModifiedMs = Date.parse(element(contents, 'LastModified') ?? '');
    if (key !== undefined && Number.isFinite(lastModifiedMs)) objects.push({ key, lastModifiedMs });
  }
  const truncated = element(xml, 'IsTruncated') === 'true';
  return { objects, nextToken: truncated ? element(xml, 'NextContinuationToken') : undefined };
}
