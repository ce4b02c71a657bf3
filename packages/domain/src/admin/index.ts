export * from './messages.js';
export * from './members.js';
export * from './horses.js';
export * from './change-requests.js';
export * from './change-labels.js';
export * from './dashboard-content.js';
export * from './office-notices.js';
export * from './staff.js';
