import type { Database } from '../db/client';
import { categorias, coberturas } from '../db/schema';
import { fixedId } from '../lib/ids';

/**
 * Reference data with fixed ids, the same on every installation, so that the seed is idempotent.
 */
export const CATEGORIAS_GLOBALES = [
  'Almacén',
  'Verdulería',
  'Carnicería',
  'Panadería',
  'Bebidas',
  'Limpieza',
  'Mascotas',
  'Electrónica',
  'Hogar y Deco',
  'Indumentaria',
  'Farmacia y Perfumería',
  'Librería',
].map((nombre, index) => ({ id: fixedId('ca', index + 1), nombre }));

export const COBERTURAS = [
  { nombre: 'Barrio', descripcion: 'Entregas en tu barrio y alrededores', km: 2 },
  { nombre: 'Zona cercana', descripcion: 'Barrios vecinos a la tienda', km: 5 },
  { nombre: 'Ciudad', descripcion: 'Toda la ciudad', km: 15 },
  { nombre: 'Área metropolitana', descripcion: 'Ciudad y conurbano', km: 40 },
  { nombre: 'Provincia', descripcion: 'Envíos a toda la provincia', km: 300 },
].map((cobertura, index) => ({ id: fixedId('cb', index + 1), ...cobertura }));

export async function seedReferenceData(db: Database): Promise<void> {
  await db.insert(categorias).values(CATEGORIAS_GLOBALES).onConflictDoNothing();
  await db.insert(coberturas).values(COBERTURAS).onConflictDoNothing();
}
