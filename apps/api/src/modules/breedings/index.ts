/**
 * The breedings module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { decideFoalBreeding, newFoalLink } from './foal-link.js';
