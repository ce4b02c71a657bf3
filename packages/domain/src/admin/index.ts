export * from './messages.js';
export * from './members.js';
export * from './horses.js';
