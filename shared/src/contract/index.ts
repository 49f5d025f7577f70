export * from './envelope';
export * from './user';
export * from './auth';
export * from './utils';
export * from './deployment';
