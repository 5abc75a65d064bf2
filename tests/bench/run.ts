/** `npm run bench`: every benchmark in turn; each writes its figures to bench-results/. */
await import('./search.ts');
await import('./results-list.ts');
