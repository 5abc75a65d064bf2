export * from './core.ts';
export * from './search.ts';
