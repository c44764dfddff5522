export * from './analytics';
export * from './auth';
export * from './catalog';
export * from './checkout';
export * from './money';
export * from './routes';
export * from './site';
export * from './validation';
