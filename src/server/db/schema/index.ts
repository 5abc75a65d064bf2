export * from './core.ts';
export * from './search.ts';
export * from './checkout.ts';
export * from './limits.ts';
export * from './mail.ts';
export * from './price-alerts.ts';
export * from './payments.ts';
export * from './postsale.ts';
