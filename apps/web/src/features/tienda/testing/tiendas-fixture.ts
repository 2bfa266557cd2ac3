import type { Categoria, TiendaCercana } from '@compra-grupal/contracts';

/** A 24-hex id ending in `n`. */
export const id = (prefix: string, n: number) =>
  `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;

export const categorias: Categoria[] = [
  { _id: id('ca', 1), nombre: 'Almacén' },
  { _id: id('ca', 2), nombre: 'Verdulería' },
  { _id: id('ca', 8), nombre: 'Electrónica' },
];

function productos(tienda: number, cantidad: number): TiendaCercana['productos'] {
  return Array.from({ length: cantidad }, (_, index) => ({
    _id: id('b', tienda * 100 + index),
    nombre: `Producto ${tienda}-${index + 1}`,
    precio: 1000 * (index + 1) + 0.5,
    imagen: index === 0 ? null : `/uploads/productos/${tienda}-${index}.jpg`,
  }));
}

/** A store of the listing; `total` products of which at most 6 travel. */
export function tienda(
  n: number,
  overrides: Partial<TiendaCercana> & { total?: number } = {},
): TiendaCercana {
  const { total = 3, ...rest } = overrides;
  return {
    _id: id('a', n),
    nombre: `Tienda ${n}`,
    descripcion: `Descripción de la tienda ${n}`,
    logo: `/uploads/tiendas/${n}.jpg`,
    habilitada: true,
    categoriaGlobal: categorias[0]?._id ?? null,
    categoriaNombre: 'Almacén',
    productos: productos(n, Math.min(total, 6)),
    totalProductos: total,
    categoriasLocales: [],
    distanciaKm: n,
    ...rest,
  };
}

/** The demo listing: a grocery with 8 products and 4 local categories, a store without products… */
export const tiendasDemo: TiendaCercana[] = [
  tienda(1, {
    nombre: 'Almacén Don Ramón',
    descripcion: 'Almacén de barrio con yerba y conservas.',
    total: 8,
    categoriasLocales: [
      { _id: id('c1', 1), nombre: 'Aceites' },
      { _id: id('c1', 2), nombre: 'Conservas' },
      { _id: id('c1', 3), nombre: 'Infusiones' },
      { _id: id('c1', 4), nombre: 'Secos' },
    ],
  }),
  tienda(2, {
    nombre: 'La Huerta',
    categoriaGlobal: categorias[1]?._id ?? null,
    categoriaNombre: 'Verdulería',
    total: 4,
    categoriasLocales: [{ _id: id('c2', 1), nombre: 'Frutas' }],
  }),
  tienda(3, {
    nombre: 'Tecno Barrio',
    categoriaGlobal: null,
    categoriaNombre: null,
    logo: null,
    total: 0,
  }),
];
