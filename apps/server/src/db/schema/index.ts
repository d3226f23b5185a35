export * from './global';
export * from './tenant';
