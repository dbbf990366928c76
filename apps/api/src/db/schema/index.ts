export * from './accounts';
export * from './commerce';
export * from './customers';
export * from './engine';
export * from './gamification';
export * from './orders';
export * from './staff';
export * from './system';
