export * from './custom-colours.ts';
export * from './directive-options.ts';
export * from './directives.schemas.ts';
export * from './output-size.ts';
export * from './prompt-composer.ts';
export * from './swatch-names.ts';
export * from './swatches.ts';
export * from './touched-elements.ts';
