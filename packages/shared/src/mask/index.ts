export * from './element-regions.ts';
export * from './mask-contract.ts';
