export * from './credit-rules.ts';
export * from './payments.schemas.ts';
export * from './plans.ts';
