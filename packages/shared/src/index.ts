export * from './auth.js';
export * from './constants.js';
export * from './countries.js';
export * from './errors.js';
export * from './messages.js';
export * from './rules.js';
export * from './search.js';
export * from './server-config.js';
