export * from './account';
export * from './billing';
export * from './outbox';
export * from './subscriptions';
export * from './tickets';
export * from './files';
export * from './settings';
export * from './notifications';
