export * from './users';
export * from './settings';
export * from './catalogue';
export * from './carts';
export * from './orders';
export * from './system';
export * from './test-gateway';
export * from './renewals';
