import { tiendaCercanaSchema } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { checked, contractJson } from './contract';
import { tienda } from './fixtures/tiendas';
import { crearProducto } from './marketplace-api';

describe('mock answers follow the contract', () => {
  it('builds fixtures that the contract accepts', () => {
    expect(tienda(1).nombre).toBe('Tienda 1');
    expect(crearProducto({ precio: 1500 }).precio).toBe(1500);
  });

  it('fails where a fixture drifts from the contract', () => {
    // @ts-expect-error a field the contract does not have any more would fail the same way
    expect(() => tienda(1, { habilitada: 'si' })).toThrow();
    expect(() => crearProducto({ _id: 'no-es-un-id' })).toThrow();
    expect(() =>
      // @ts-expect-error the shape itself is wrong
      checked(tiendaCercanaSchema, { nombre: 'Sin nada más' }),
    ).toThrow();
  });

  it('sends the checked body as JSON', async () => {
    const response = contractJson(tiendaCercanaSchema, tienda(2), 200);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(tienda(2));
  });
});
