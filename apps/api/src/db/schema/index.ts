export * from './accounts';
export * from './staff';
export * from './system';
