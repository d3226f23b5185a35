export * from './global';
export * from './tenant';
export * from './sites';
export * from './user-types';
