export * from './app-meta';
export * from './categoria';
export * from './cobertura';
