export * from './categoria';
export * from './cobertura';
export * from './constants';
export * from './errors';
export * from './health';
export * from './ids';
export * from './realtime';
