import type { FastifyInstance } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * What the contract check found: one line per answer the OpenAPI document does not describe.
 * The tests' setup file (src/test/contract-check.setup.ts) fails the test that caused it.
 */
export const contractViolations: string[] = [];

/** The routes of the document: the API, without the documentation's own routes. */
export const isDocumented = (url: string, schema: { hide?: boolean } | undefined) =>
  url.startsWith('/api/') && !url.startsWith('/api/docs') && schema?.hide !== true;

/** The schema a route lists for `status` (exact, `4XX`-style, or `default`), if listed. */
function listedSchema(
  response: Record<string, unknown>,
  status: number,
): { listed: boolean; schema?: unknown } {
  for (const key of [
    String(status),
    `${String(status)[0]}XX`,
    `${String(status)[0]}xx`,
    'default',
  ]) {
    if (key in response) return { listed: true, schema: response[key] };
  }
  return { listed: false };
}

/**
 * Under tests only (NODE_ENV=test): every answer of a documented route is checked against its
 * own schema, the one the OpenAPI document is generated from. Its status must be listed (in
 * `response`, or as a documented redirect) and a JSON body must parse with that status's zod
 * schema. A violation is recorded, not thrown, so the answer the test sees is the real one.
 */
export function registerContractCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (!route.url || !isDocumented(route.url, route.schema)) return payload;
    const status = reply.statusCode;
    const where = `${request.method} ${route.url} → ${status}`;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const redirects = route.schema?.redirects ?? {};
    if (status in redirects) return payload;
    const { listed, schema } = listedSchema(response, status);
    if (!listed) {
      contractViolations.push(
        `${where}: el documento no lista este estado (${String(payload).slice(0, 200)})`,
      );
      return payload;
    }
    const json = String(reply.getHeader('content-type') ?? '').includes('json');
    if (json && typeof payload === 'string' && schema instanceof $ZodType) {
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        contractViolations.push(`${where}: el cuerpo no es JSON`);
        return payload;
      }
      const parsed = safeParse(schema, body);
      if (!parsed.success) {
        contractViolations.push(
          `${where}: el cuerpo no cumple su esquema: ${JSON.stringify(parsed.error.issues).slice(0, 500)}`,
        );
      }
    }
    return payload;
  });
}
