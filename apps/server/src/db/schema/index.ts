export * from './global';
export * from './tenant';
export * from './sites';
export * from './user-types';
export * from './people';
export * from './kiosks';
export * from './custom-fields';
export * from './doors';
