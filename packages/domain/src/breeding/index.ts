export * from './constants.js';
export * from './messages.js';
export * from './schemas.js';
