import type { Database } from '../db/client';
import { direcciones, usuarios } from '../db/schema';
import { fixedId } from '../lib/ids';
import { hashPassword } from '../modules/usuario/password';

/** Demo accounts, documented in the README. All share the password below. */
export const DEMO_PASSWORD = 'demo1234';

const demoId = (n: number) => fixedId('de', n);

export const DEMO_USUARIOS = {
  comprador: { id: demoId(1), nombre: 'Lucía Fernández', email: 'comprador@compragrupal.com.ar' },
  repartidor: { id: demoId(2), nombre: 'Martín Gómez', email: 'repartidor@compragrupal.com.ar' },
  admin: { id: demoId(3), nombre: 'Equipo Compra Grupal', email: 'admin@compragrupal.com.ar' },
} as const;

/**
 * When the demo accounts' addresses count as verified (docs/decisions/040): they are ours, and
 * the seed sends no mail.
 */
export const DEMO_VERIFICADO_EN = new Date('2026-01-01T00:00:00.000Z');

/** The demo shopper and courier, and the demo admin unless `admin` is false (production). */
export async function seedDemoUsuarios(
  db: Database,
  { admin = true }: { admin?: boolean } = {},
): Promise<void> {
  const contraseniaHash = await hashPassword(DEMO_PASSWORD);
  const direccionComprador = demoId(101);
  await db
    .insert(usuarios)
    .values([
      {
        ...DEMO_USUARIOS.comprador,
        contraseniaHash,
        emailVerificadoEn: DEMO_VERIFICADO_EN,
        telefono: '+54 11 4567-1234',
        direccionActivaId: direccionComprador,
      },
      {
        ...DEMO_USUARIOS.repartidor,
        contraseniaHash,
        emailVerificadoEn: DEMO_VERIFICADO_EN,
        telefono: '+54 11 4567-5678',
        esRepartidor: true,
      },
      ...(admin
        ? [
            {
              ...DEMO_USUARIOS.admin,
              contraseniaHash,
              emailVerificadoEn: DEMO_VERIFICADO_EN,
              telefono: '+54 11 4567-0000',
              esAdmin: true,
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
  await db
    .insert(direcciones)
    .values({
      id: direccionComprador,
      usuarioId: DEMO_USUARIOS.comprador.id,
      direccion: 'Av. Santa Fe 3253',
      calle: 'Av. Santa Fe',
      altura: '3253',
      departamento: '4° B',
      descripcion: 'Timbre 4B, portero eléctrico',
      ciudad: 'Ciudad Autónoma de Buenos Aires',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      codigoPostal: 'C1425',
      latitud: -34.5889,
      longitud: -58.4108,
    })
    .onConflictDoNothing();
}
