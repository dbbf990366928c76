export * from './http/endpoint';
export * from './http/envelope';
export * from './http/permissions';
export * from './system/health';
