export * from './messages.js';
export * from './sandbox.js';
export * from './card-checks.js';
export * from './billing.js';
export * from './mandate.js';
export * from './office.js';
export * from './terms.js';
export * from './disputes.js';
