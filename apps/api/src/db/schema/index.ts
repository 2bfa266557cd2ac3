export * from './app-meta';
export * from './categoria';
export * from './cobertura';
export * from './direccion';
export * from './sesion';
export * from './usuario';
