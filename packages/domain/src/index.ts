export * from './constants.js';
export * from './messages.js';
export * from './auth.js';
export * from './api.js';
export * from './horse/index.js';
export * from './otp.js';
export * from './payments/index.js';
