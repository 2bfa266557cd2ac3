import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding: once the web's server-side bundle loaded (its own copy of the contracts), each id it
 * registered again in zod's one global registry made the document fail with 'Duplicate schema
 * id' (500 on /api/docs/json). A copy is simulated here by registering an API id again.
 */
let t: TestApp | undefined;
const registro = z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> };
const original = registro._idmap.get('PrediccionDeGrupo');

afterEach(async () => {
  if (original) registro._idmap.set('PrediccionDeGrupo', original);
  await t?.close();
});

it('builds the document when another copy of the contracts registers the same ids later', async () => {
  t = await createTestApp();
  await t.app.ready();
  expect(original).toBeDefined();
  // What the web bundle's copy does when it loads: the same id, another schema.
  z.object({ fecha: z.string().nullable() }).meta({ id: 'PrediccionDeGrupo' });
  expect(registro._idmap.get('PrediccionDeGrupo')).not.toBe(original);

  const doc = t.app.swagger() as {
    components: { schemas: Record<string, { properties?: object }> };
  };
  expect(Object.keys(doc.components.schemas.PrediccionDeGrupo?.properties ?? {})).toEqual([
    'fecha',
    'motivo',
  ]);
});
