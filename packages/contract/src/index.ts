export * from './catalog';
export * from './money';
export * from './routes';
export * from './site';
export * from './validation';
