/**
 * The files module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { verifiedMimeType } from './content-check.js';
export { signedLinkRouteOptions } from './log-safe-request.js';
export { safeFileName } from './names.js';
export { parseStorageUrl, s3ClientConfig } from './s3-storage.js';
export { createUrlSigner, horseFileScope, type UrlSigner } from './signed-urls.js';
export { isOversized, type FileStorage, type StagedFile } from './storage.js';
export { judgeZip } from './zip-limits.js';
