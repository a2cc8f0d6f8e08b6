export * from './chat.schemas.ts';
