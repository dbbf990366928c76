export * from './accounts';
export * from './customers';
export * from './staff';
export * from './system';
