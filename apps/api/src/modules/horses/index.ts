/**
 * The horses module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { checkStoredFile } from './checks.js';
export { seedDemoHorses, type DemoHorseDeps } from './demo.js';
export { editHorse, filesOf, removeStored } from './edit.js';
export { horseFormParts } from './form-docs.js';
export { filePart, type FormMode } from './form-fields.js';
export { MULTIPART_LIMITS, receiveForm, type ReceivedForm } from './multipart.js';
export { toHorse } from './records.js';
export type { HorseDeps } from './deps.js';
export { HORSE_API_MESSAGES, registerHorse } from './service.js';
