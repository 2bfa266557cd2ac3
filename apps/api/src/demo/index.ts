import { eq } from 'drizzle-orm';
import { type Config, secretsMayBeGenerated } from '../config';
import { appMeta } from '../db/schema';
import { seedDemoCuentasMercadoPago } from './demo-cuentas-mercadopago';
import { seedDemoGrupos } from './demo-grupos';
import { seedDemoPedidos } from './demo-pedidos';
import { seedDemoEntregaEnGrupo, seedDemoTiendas } from './demo-tiendas';
import { seedDemoUsuarios } from './demo-usuarios';
import { seedReferenceData } from './reference-data';
import type { SeedContext } from './seed-context';

/**
 * The seed is a list of idempotent steps. Reference data is always loaded; demo steps only
 * when demo data is wanted. A step runs again when its version changes, so later features
 * add steps (users, stores, products, groups) or bump a version to refresh their data.
 */
export type { SeedContext };

export interface SeedStep {
  name: string;
  version: number;
  demo: boolean;
  run(context: SeedContext, options: SeedOptions): Promise<void>;
}

export const seedSteps: SeedStep[] = [
  { name: 'referencia', version: 1, demo: false, run: ({ db }) => seedReferenceData(db) },
  {
    name: 'usuarios-demo',
    version: 1,
    demo: true,
    run: ({ db }, { demoAdmin = true }) => seedDemoUsuarios(db, { admin: demoAdmin }),
  },
  // Version 3: the seller waiting for review (Pastas de la Nonna).
  { name: 'tiendas-demo', version: 3, demo: true, run: seedDemoTiendas },
  { name: 'cuentas-mercadopago-demo', version: 1, demo: true, run: seedDemoCuentasMercadoPago },
  { name: 'entrega-en-grupo-demo', version: 1, demo: true, run: seedDemoEntregaEnGrupo },
  // Every demo product on sale with its open group, some with progress (after the stores).
  { name: 'grupos-demo', version: 1, demo: true, run: seedDemoGrupos },
  { name: 'pedidos-demo', version: 1, demo: true, run: seedDemoPedidos },
];

const metaKey = (step: SeedStep) => `seed:${step.name}`;

export interface SeedOptions {
  demo: boolean;
  /** Create the demo admin (published password); never in production. Default true. */
  demoAdmin?: boolean;
  /** Run every step even if its version was already applied. */
  force?: boolean;
  /** Steps to leave out (tests that do not need the demo stores). */
  skip?: string[];
  /** May a missing MP_TOKEN_ENCRYPTION_KEY be generated into the database? Never in production. */
  generateKeys?: boolean;
}

/** What the configuration asks of the seed: production never gets the demo admin. */
export const seedOptionsFrom = (config: Config, extra: Partial<SeedOptions> = {}): SeedOptions => ({
  demo: config.SEED_DEMO,
  demoAdmin: config.NODE_ENV !== 'production',
  generateKeys: secretsMayBeGenerated(config),
  ...extra,
});

/** Runs the pending steps; returns the names of the steps it ran. */
export async function runSeed(context: SeedContext, options: SeedOptions): Promise<string[]> {
  const { db } = context;
  const ran: string[] = [];
  for (const step of seedSteps) {
    if ((step.demo && !options.demo) || options.skip?.includes(step.name)) continue;
    const [applied] = await db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, metaKey(step)));
    if (!options.force && applied?.value === String(step.version)) continue;
    await step.run(context, options);
    await db
      .insert(appMeta)
      .values({ key: metaKey(step), value: String(step.version) })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: String(step.version), updatedAt: new Date() },
      });
    ran.push(step.name);
  }
  return ran;
}
