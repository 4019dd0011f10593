export * from './figures';
export * from './owner';
export * from './receipt';
export * from './status';
export * from './run';
export * from './check';
export * from './words';
export * from './omitted';
