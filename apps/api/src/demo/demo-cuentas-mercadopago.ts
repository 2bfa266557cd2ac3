import { inArray } from 'drizzle-orm';
import { tiendas } from '../db/schema';
import { fixedId } from '../lib/ids';
import { vincularCuentaDePrueba } from '../modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { demoTiendaId } from './demo-tiendas';
import { DEMO_TIENDAS } from './demo-tiendas.data';
import type { SeedContext } from './seed-context';

/**
 * The demo stores marked as linked get a sandbox ('Modo de prueba') Mercado Pago account with
 * sealed tokens, as if their sellers had authorized it on the consent page, so payments to
 * them work like to any linked seller. Stores the seed left out are skipped.
 */
export async function seedDemoCuentasMercadoPago(
  { db, mpTokenKey }: SeedContext,
  { generateKeys = true }: { generateKeys?: boolean } = {},
): Promise<void> {
  const vinculadas = DEMO_TIENDAS.flatMap((demo, index) =>
    (demo.mpVinculado ?? demo.habilitada)
      ? [{ usuarioId: fixedId('d0', index + 1), tiendaId: demoTiendaId(index), demo }]
      : [],
  );
  const existentes = new Set(
    (
      await db
        .select({ id: tiendas.id })
        .from(tiendas)
        .where(
          inArray(
            tiendas.id,
            vinculadas.map((v) => v.tiendaId),
          ),
        )
    ).map((t) => t.id),
  );
  for (const { usuarioId, tiendaId, demo } of vinculadas) {
    if (!existentes.has(tiendaId)) continue;
    await vincularCuentaDePrueba(
      db,
      { usuarioId, tiendaId, mpUsuarioId: demo.mpUsuarioId },
      { claveConfigurada: mpTokenKey, generarClave: generateKeys },
    );
  }
}
