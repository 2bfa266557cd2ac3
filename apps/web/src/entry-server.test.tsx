import type { DatosDePaginaPublica, ProductoPublico } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { renderizarPagina } from '@/entry-server';

const TIENDA_ID = 'a10000000000000000000001';
const PRODUCTO_ID = 'a30000000000000000000001';

const producto: ProductoPublico = {
  _id: PRODUCTO_ID,
  tiendaId: TIENDA_ID,
  tienda: { _id: TIENDA_ID, nombre: 'Almacén <Don> Ramón' },
  nombre: 'Yerba mate "La Nona" <1 kg>',
  descripcion: 'Con palo.',
  precio: 4890.5,
  categoria: null,
  categoriaLocalId: [],
  imagen: `/uploads/productos/${PRODUCTO_ID}.jpg`,
  imagenVariantes: [
    { url: `/uploads/productos/${PRODUCTO_ID}-640.jpg`, ancho: 640, alto: 640 },
    { url: `/uploads/productos/${PRODUCTO_ID}.jpg`, ancho: 800, alto: 800 },
  ],
  stock: 12,
  cantidadTotalGrupo: 10,
  fechaCreacion: '2026-11-20T12:00:00.000Z',
  disponible: true,
  paquete: { peso: 1, largo: 20, ancho: 15, alto: 10 },
};

const { tienda: _tienda, ...productoDeVitrina } = producto;

/**
 * The server's side of the public pages. The browser's (hydration without an error, a second
 * request or a new node) is tested in Chromium: e2e/paginas-dibujadas.spec.ts. Here, in one
 * realm, React's server renderer leaves context values behind that a client render then reads.
 */
describe('the public pages drawn on the server (entry-server.tsx)', () => {
  it('draws a product page with its name, price, store and picture, escaped, and hands its data over', async () => {
    const { html, estado } = await renderizarPagina(`/product/${PRODUCTO_ID}`, {
      pagina: 'producto',
      producto,
    });
    expect(html).toContain('Yerba mate &quot;La Nona&quot; &lt;1 kg&gt;');
    expect(html).toContain('Almacén &lt;Don&gt; Ramón');
    expect(html).toMatch(/\$\s?4\.890,50/);
    expect(html).toContain(`srcSet="/uploads/productos/${PRODUCTO_ID}-640.jpg 640w`);
    expect(html).toContain('fetchPriority="high"');
    // The screen, not its skeleton: nothing waits for the browser.
    expect(html).toContain('Agregar al Carrito');
    expect(estado.cache.queries.map((q) => q.queryKey)).toEqual([['producto', PRODUCTO_ID]]);
    expect(Date.parse(estado.instante)).not.toBeNaN();
  });

  it("draws a product's open group with its places and forecast (decision 052)", async () => {
    const enDosDias = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
    const { html } = await renderizarPagina(`/product/${PRODUCTO_ID}`, {
      pagina: 'producto',
      producto: {
        ...producto,
        grupoAbierto: {
          _id: 'a20000000000000000000001',
          lugaresNecesarios: 10,
          lugaresOcupados: 3,
          prediccion: { fecha: enDosDias, motivo: 'ritmo' },
        },
      },
    });
    expect(html).toContain('3 de 10 lugares ocupados');
    expect(html).toContain('Se completaría en unos 2 días');
  });

  it('draws a store page, a group page and home', async () => {
    const paginas: [string, DatosDePaginaPublica, string][] = [
      [
        `/store/${TIENDA_ID}`,
        {
          pagina: 'tienda',
          tienda: {
            _id: TIENDA_ID,
            nombre: 'Verdulería La Esquina',
            productos: [productoDeVitrina],
            descripcion: 'Frutas y verduras',
            logo: null,
            telefono: '',
            email: '',
            habilitada: true,
            categoriaGlobal: null,
            categoriaNombre: null,
            categoriasLocales: [],
          },
        },
        'Verdulería La Esquina',
      ],
      [
        '/group/a20000000000000000000001',
        {
          pagina: 'grupo',
          grupo: {
            grupo: {
              _id: 'a20000000000000000000001',
              lugaresNecesarios: 10,
              lugaresOcupados: 3,
              status: 'abierto',
              fechaCreacion: '2026-11-20T12:00:00.000Z',
              fechaLimite: null,
              prediccion: null,
            },
            producto: { ...producto, stock: 12 },
          },
        },
        'Yerba mate &quot;La Nona&quot;',
      ],
      ['/', { pagina: 'inicio' }, 'Tiendas cerca tuyo'],
    ];
    for (const [url, datos, texto] of paginas) {
      const { html } = await renderizarPagina(url, datos);
      expect(html, url).toContain(texto);
    }
  });
});
