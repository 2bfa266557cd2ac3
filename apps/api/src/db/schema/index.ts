export * from './app-meta';
export * from './categoria';
export * from './cobertura';
export * from './direccion';
export * from './producto';
export * from './sesion';
export * from './tienda';
export * from './usuario';
