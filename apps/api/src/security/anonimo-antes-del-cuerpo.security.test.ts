import { errorBodySchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../test/openapi-examples';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A secured route answers an anonymous request 401 before it judges the body or the path
 * (issue 34: 40 of 51 secured operations answered a bad body with a 400 and its field rules).
 * Every operation the OpenAPI document marks as secured, read from the document so a route
 * added later is covered, gets a request with no token or a forged one, an id that is not
 * one, and a body that matches nothing.
 */
describe('secured routes answer 401 before they judge the request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('for every secured operation, without a token and with a forged one', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const seguras = Object.entries(doc.paths).flatMap(([plantilla, metodos]) =>
      Object.entries(metodos)
        .filter(([, operacion]) => (operacion.security ?? []).length > 0)
        .map(([metodo, operacion]) => ({ plantilla, metodo, operacion })),
    );
    expect(seguras.length).toBeGreaterThan(40);
    const respuestas: string[] = [];
    for (const { plantilla, metodo, operacion } of seguras) {
      const url = plantilla.replace(/\{[^}]+\}/g, 'no-es-un-id');
      const multipart = Boolean(operacion.requestBody?.content['multipart/form-data']);
      for (const authorization of [undefined, 'Bearer falso.falso.falso']) {
        const res = await t.app.inject({
          method: metodo.toUpperCase() as 'GET',
          url,
          headers: {
            ...(authorization ? { authorization } : {}),
            ...(metodo === 'get' || metodo === 'delete'
              ? {}
              : {
                  'content-type': multipart
                    ? 'multipart/form-data; boundary=x'
                    : 'application/json',
                }),
          },
          ...(metodo === 'get' || metodo === 'delete'
            ? {}
            : { payload: multipart ? '--x--\r\n' : { campoQueNoExiste: 1 } }),
        });
        const clave = `${metodo.toUpperCase()} ${plantilla} ${authorization ? 'falso' : 'sin token'}`;
        if (res.statusCode !== 401) respuestas.push(`${clave}: ${res.statusCode} ${res.body}`);
        else expect(errorBodySchema.safeParse(res.json()).success, clave).toBe(true);
      }
    }
    expect(respuestas).toEqual([]);
  });
});
