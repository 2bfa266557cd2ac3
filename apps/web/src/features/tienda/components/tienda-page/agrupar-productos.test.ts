import type { Producto } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { agruparPorCategoria } from './agrupar-productos';

let n = 0;
function producto(categoriaLocalId: string[], overrides: Partial<Producto> = {}): Producto {
  n += 1;
  return {
    _id: `b${String(n).padStart(23, '0')}`,
    vendedorId: 'd00000000000000000000001',
    tiendaId: 'a10000000000000000000001',
    nombre: `Producto ${n}`,
    descripcion: '',
    precio: 100,
    categoria: null,
    categoriaLocalId,
    imagen: null,
    stock: 1,
    cantidadTotalGrupo: 2,
    fechaCreacion: '2026-10-01T00:00:00.000Z',
    disponible: true,
    paquete: { peso: 1, largo: 20, ancho: 15, alto: 10 },
    ...overrides,
  };
}

const secos = { _id: 'c00000000000000000000001', nombre: 'Secos' };
const infusiones = { _id: 'c00000000000000000000002', nombre: 'Infusiones' };
const vacia = { _id: 'c00000000000000000000003', nombre: 'Vacía' };

describe('agruparPorCategoria', () => {
  it('makes one row per local category, in the store order, hiding empty ones', () => {
    const yerba = producto([infusiones._id]);
    const arroz = producto([secos._id]);
    const filas = agruparPorCategoria([yerba, arroz], [secos, vacia, infusiones]);
    expect(filas.map((fila) => fila.nombre)).toEqual(['Secos', 'Infusiones']);
    expect(filas[0]?.productos).toEqual([arroz]);
    expect(filas[1]?.productos).toEqual([yerba]);
  });

  it('shows at most 6 products per category, keeping the given order', () => {
    const productos = Array.from({ length: 8 }, () => producto([secos._id]));
    const [fila] = agruparPorCategoria(productos, [secos]);
    expect(fila?.productos).toEqual(productos.slice(0, 6));
  });

  it('leaves out products that are not available', () => {
    const disponible = producto([secos._id]);
    const agotado = producto([secos._id], { disponible: false });
    const soloAgotado = producto([infusiones._id], { disponible: false });
    const filas = agruparPorCategoria([disponible, agotado, soloAgotado], [secos, infusiones]);
    expect(filas).toEqual([{ id: secos._id, nombre: 'Secos', productos: [disponible] }]);
  });

  it("puts products without a category of the store into a last 'Otros productos' row", () => {
    const sinCategoria = producto([]);
    const ajena = producto(['c00000000000000000000099']);
    const arroz = producto([secos._id]);
    const filas = agruparPorCategoria([sinCategoria, arroz, ajena], [secos]);
    expect(filas.map((fila) => fila.nombre)).toEqual(['Secos', 'Otros productos']);
    expect(filas[1]?.productos).toEqual([sinCategoria, ajena]);
  });

  it('shows a product in each of its categories', () => {
    const mate = producto([secos._id, infusiones._id]);
    const filas = agruparPorCategoria([mate], [secos, infusiones]);
    expect(filas.map((fila) => fila.productos)).toEqual([[mate], [mate]]);
  });

  it('has no rows for a store without products', () => {
    expect(agruparPorCategoria([], [secos])).toEqual([]);
  });
});
