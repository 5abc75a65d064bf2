/** `npm run bench`: every benchmark in turn; each writes its figures to bench-results/. */
export {};
await import('./search.ts');
await import('./results-list.ts');
await import('./slow-supplier.ts');
await import('./price-calendar.ts');
await import('./explore.ts');
await import('./fuzz.ts');
await import('./load.ts');
await import('./page-weight.ts');
await import('./page-speed.ts');
await import('./search-throughput.ts');
await import('./lighthouse.ts');
await import('./summary.ts');
