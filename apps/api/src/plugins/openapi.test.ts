import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

interface Response {
  description: string;
  content?: Record<string, { schema: unknown }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
let operations: { where: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doc = t.app.swagger() as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      where: `${method.toUpperCase()} ${path}`,
      op,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it("documents the browser's form posts (the sandbox's) with their fields", () => {
    const forms = operations.filter(({ op }) =>
      Object.keys(op.requestBody?.content ?? {}).includes('application/x-www-form-urlencoded'),
    );
    expect(forms.map(({ op }) => op.operationId).sort()).toEqual([
      'sandboxPagar',
      'sandboxResponderAutorizacion',
    ]);
    for (const { op } of forms) {
      const { schema } = op.requestBody?.content['application/x-www-form-urlencoded'] ?? {};
      expect(Object.keys((schema as { properties: object }).properties).length).toBeGreaterThan(1);
    }
  });

  it('names, summarizes and tags every operation, each with its own operationId', () => {
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map(({ op }) => op.operationId);
    expect(
      operations.filter(({ op }) => !op.operationId || !op.summary || !op.tags?.length),
    ).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every response it lists; 429 and 500 are listed everywhere', () => {
    const vague = operations.flatMap(({ where, op }) =>
      Object.entries(op.responses)
        .filter(
          ([, response]) => !response.description || response.description === 'Default Response',
        )
        .map(([status]) => `${where} ${status}`),
    );
    expect(vague).toEqual([]);
    const missing = operations
      .filter(({ op }) => !op.responses['429'] || !op.responses['500'])
      .map(({ where }) => where);
    expect(missing).toEqual([]);
    const limited = doc.paths['/api/health']?.get?.responses['429'];
    expect(limited?.headers).toHaveProperty('retry-after');
    expect(limited?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('documents the multipart forms: their fields, the file and its limits', () => {
    for (const where of [
      'POST /api/tienda/crear',
      'PUT /api/tienda/editar/{userId}',
      'POST /api/producto/crear',
      'PUT /api/producto/{productoId}',
    ]) {
      const op = operations.find((candidate) => candidate.where === where)?.op;
      const form = op?.requestBody?.content['multipart/form-data'];
      expect(form, where).toBeDefined();
      const text = JSON.stringify(form);
      expect(text, where).toContain('"format":"binary"');
      expect(text, where).toContain('5 MB');
      expect(op?.responses, where).toHaveProperty('413');
      expect(op?.responses, where).toHaveProperty('415');
    }
  });

  it('gives an example of every JSON request body, one its own contract accepts', () => {
    const sinEjemplo = operations
      .filter(({ op }) => {
        const media = op.requestBody?.content['application/json'] as
          | { example?: unknown }
          | undefined;
        return media !== undefined && media.example === undefined;
      })
      .map(({ where }) => where);
    expect(sinEjemplo).toEqual([]);
  });

  it('documents redirects as redirects, with no body', () => {
    for (const where of [
      'GET /api/usuario/auth/google',
      'GET /api/usuario/auth/google/callback',
      'GET /api/oauth/mercadopago/callback',
    ]) {
      const op = operations.find((candidate) => candidate.where === where)?.op;
      expect(op?.responses['302'], where).toBeDefined();
      expect(op?.responses['302']?.content, where).toBeUndefined();
      expect(op?.responses['302']?.headers, where).toHaveProperty('location');
      expect(op?.responses, where).not.toHaveProperty('200');
    }
  });

  it('has one component per shape, and each is used', () => {
    const schemas = doc.components.schemas;
    const bodies = Object.values(schemas).map((schema) => JSON.stringify(schema));
    const repeated = Object.keys(schemas).filter(
      (name) => name.endsWith('Input') && schemas[name.replace(/Input$/, '')] !== undefined,
    );
    // An `XInput` beside `X` only where reading and writing really differ (defaults...).
    for (const name of repeated) {
      expect(JSON.stringify(schemas[name]), name).not.toBe(
        JSON.stringify(schemas[name.replace(/Input$/, '')]),
      );
    }
    expect(new Set(bodies).size).toBeGreaterThan(bodies.length * 0.9);
    const text = JSON.stringify(doc.paths) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter(
      (name) => !text.includes(`"#/components/schemas/${name}"`),
    );
    expect(unused).toEqual([]);
  });
});
