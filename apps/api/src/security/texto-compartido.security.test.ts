import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, OpenApiDocument } from '../test/openapi-examples';
import { createTestApp, type TestApp } from '../test/test-app';

type Esquema = JsonSchema & {
  not?: { pattern?: string };
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  allOf?: Esquema[];
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  properties?: Record<string, Esquema>;
  items?: Esquema;
  additionalProperties?: Esquema | boolean;
};

/**
 * Every string a request may carry goes through the shared text rule (contracts/texto.ts,
 * CONVENTIONS rule 16), or is bounded otherwise: an enum or a constant, a pattern (ids,
 * codes), a format (email, date). Issue 34: `motivo` of the admin's store refusal was a plain
 * `z.string()` and a NUL in it answered 500. The list is the OpenAPI document generated from
 * the contracts, so a field added later is covered: a plain string anywhere in a request's
 * path, query or body fails here with its place.
 */
describe('request strings follow the shared text rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('no path, query or body string of any operation bypasses it', () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const deref = (schema: Esquema): Esquema => {
      if (!schema.$ref) return schema;
      const nombre = schema.$ref.replace('#/components/schemas/', '');
      return deref(doc.components?.schemas?.[nombre] as Esquema);
    };
    const sueltos: string[] = [];
    const recorrer = (crudo: Esquema | undefined, lugar: string) => {
      if (!crudo) return;
      const schema = deref(crudo);
      for (const alternativa of [
        ...(schema.allOf ?? []),
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
      ]) {
        recorrer(alternativa, lugar);
      }
      for (const [nombre, propiedad] of Object.entries(schema.properties ?? {})) {
        recorrer(propiedad, `${lugar}.${nombre}`);
      }
      if (schema.items) recorrer(schema.items, `${lugar}[]`);
      if (typeof schema.additionalProperties === 'object') {
        recorrer(schema.additionalProperties, `${lugar}{}`);
      }
      const tipos = [schema.type].flat();
      if (!tipos.includes('string')) return;
      const acotado =
        schema.not?.pattern !== undefined ||
        schema.pattern !== undefined ||
        schema.format !== undefined ||
        schema.enum !== undefined ||
        schema.const !== undefined;
      if (!acotado) sueltos.push(lugar);
    };
    let vistos = 0;
    for (const [ruta, metodos] of Object.entries(doc.paths)) {
      for (const [metodo, operacion] of Object.entries(metodos)) {
        const clave = `${metodo.toUpperCase()} ${ruta}`;
        for (const p of operacion.parameters ?? []) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          vistos++;
          recorrer(p.schema as Esquema, `${clave} ${p.in} ${p.name}`);
        }
        for (const [tipo, { schema }] of Object.entries(operacion.requestBody?.content ?? {})) {
          vistos++;
          recorrer(schema as Esquema, `${clave} ${tipo}`);
        }
      }
    }
    expect(vistos).toBeGreaterThan(50);
    expect(sueltos).toEqual([]);
  });
});
