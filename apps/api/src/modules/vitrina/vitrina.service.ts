import { esIdValido } from '@compra-grupal/contracts';
import { allowAnyone } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import type { EtiquetaDeCabecera, PaginaPublica } from '../../lib/cabecera';
import { formatearCentavosBreve } from '../../lib/money';
import { lugaresQueFaltan, recortar } from '../../lib/texto-es';
import { TARJETA, urlDeTarjeta, versionDeTarjeta } from './tarjeta-para-compartir';
import type { VitrinaRepository } from './vitrina.repository';

/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
export const MAXIMO_DEL_SITEMAP = 50_000;
/** Rows read per query while the sitemap is written. */
const LOTE_DEL_SITEMAP = 1_000;

const SITIO = 'Compra Grupal';
/** A description a search result shows whole (about 160 characters) with some room. */
const LARGO_DESCRIPCION = 200;

/** Paths a crawler has no business in: the API, development pages, and every private screen. */
const RUTAS_PRIVADAS = [
  '/api/',
  '/dev/',
  '/metrics',
  '/auth/',
  '/login',
  '/register',
  '/cart',
  '/checkout',
  '/multi-payment-checkout',
  '/success',
  '/failure',
  '/payment-detail/',
  '/my-',
  '/product-form',
  '/delivery-orders',
  '/mercadopago-callback',
  '/admin',
  '/recuperar-contrasenia',
  '/restablecer-contrasenia',
  '/verificar-email',
];

const escapeXml = (texto: string) =>
  texto.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const noEncontrada = (titulo: string): PaginaPublica => ({
  estado: 404,
  etiquetas: [{ title: `${titulo} · ${SITIO}` }, { name: 'robots', content: 'noindex' }],
});

/** Open Graph and Twitter tags every shared page carries, in the group page's order. */
function etiquetasParaCompartir(pagina: {
  tipo: 'website' | 'product';
  titulo: string;
  descripcion: string;
  url: string;
  imagen: string | null;
  alt: string;
  /** The picture's size and type, when known (the share card's, docs/decisions/053). */
  medidas?: { ancho: number; alto: number; tipo: string };
}): EtiquetaDeCabecera[] {
  return [
    { title: pagina.titulo },
    { name: 'description', content: pagina.descripcion },
    { tagName: 'link', rel: 'canonical', href: pagina.url },
    { property: 'og:type', content: pagina.tipo },
    { property: 'og:site_name', content: SITIO },
    { property: 'og:locale', content: 'es_AR' },
    { property: 'og:title', content: pagina.titulo },
    { property: 'og:description', content: pagina.descripcion },
    { property: 'og:url', content: pagina.url },
    ...(pagina.imagen
      ? [
          { property: 'og:image', content: pagina.imagen },
          ...(pagina.medidas
            ? [
                { property: 'og:image:type', content: pagina.medidas.tipo },
                { property: 'og:image:width', content: String(pagina.medidas.ancho) },
                { property: 'og:image:height', content: String(pagina.medidas.alto) },
              ]
            : []),
          { property: 'og:image:alt', content: pagina.alt },
        ]
      : []),
    { name: 'twitter:card', content: pagina.imagen ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: pagina.titulo },
    { name: 'twitter:description', content: pagina.descripcion },
    ...(pagina.imagen ? [{ name: 'twitter:image', content: pagina.imagen }] : []),
  ];
}

/**
 * The storefront's pages for sharing and search engines (docs/decisions/043): the head of a
 * store's and a product's page (share tags, canonical URL, JSON-LD), the sitemap and
 * robots.txt. Only public facts go out: names, descriptions, prices, stock, pictures and the
 * places of an open group; never the seller, the store's contact or address.
 */
export function createVitrinaService({
  repository,
  publicUrl,
  sinIndexar,
}: {
  repository: VitrinaRepository;
  /** PUBLIC_URL, without its trailing slash: every URL written is absolute on it. */
  publicUrl: string;
  /** A demo or sandbox site: robots.txt keeps every crawler out. */
  sinIndexar: boolean;
}) {
  /** Local storage answers `/uploads/…`; a bucket, its own absolute address. */
  const absoluta = (ruta: string | null) => (ruta ? new URL(ruta, `${publicUrl}/`).href : null);

  return {
    /** The head of `/product/<id>` or `/store/<id>` (`id` as written in the path). */
    async pagina(
      actor: Actor | null,
      tipo: 'tienda' | 'producto',
      id: string,
    ): Promise<PaginaPublica> {
      allowAnyone(actor);
      return tipo === 'producto' ? paginaDeProducto(id) : paginaDeTienda(id);
    },

    /**
     * The sitemap: enabled stores, then products on sale in them, read in keyset batches and
     * written as they come, never more than the protocol's 50,000 URLs.
     */
    async *sitemap(actor: Actor | null): AsyncGenerator<string> {
      allowAnyone(actor);
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      let quedan = MAXIMO_DEL_SITEMAP;
      const fuentes = [
        { leer: repository.findTiendasHabilitadas, ruta: 'store' },
        { leer: repository.findProductosEnVenta, ruta: 'product' },
      ];
      for (const { leer, ruta } of fuentes) {
        let despues = '';
        while (quedan > 0) {
          const filas = await leer(despues, Math.min(LOTE_DEL_SITEMAP, quedan));
          if (filas.length === 0) break;
          quedan -= filas.length;
          despues = filas[filas.length - 1]?.id ?? despues;
          yield filas
            .map(
              (fila) => `<url><loc>${escapeXml(`${publicUrl}/${ruta}/${fila.id}`)}</loc></url>\n`,
            )
            .join('');
        }
      }
      yield '</urlset>\n';
    },

    /** robots.txt: the storefront open, private screens closed; everything closed on a demo. */
    robots(actor: Actor | null): string {
      allowAnyone(actor);
      if (sinIndexar) {
        return '# Sitio de demostración o de pruebas: no se indexa.\nUser-agent: *\nDisallow: /\n';
      }
      return [
        'User-agent: *',
        ...RUTAS_PRIVADAS.map((ruta) => `Disallow: ${ruta}`),
        'Allow: /',
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };

  async function paginaDeProducto(id: string): Promise<PaginaPublica> {
    const producto = esIdValido(id) ? await repository.findProducto(id) : undefined;
    // Withdrawn, or in a store that is not enabled: the screen shows 'Producto no encontrado'.
    if (!producto || producto.retirado || !producto.tiendaHabilitada) {
      return noEncontrada('Producto no encontrado');
    }
    const grupo = await repository.findGrupoAbierto(producto.id);
    const pesos = producto.precioCentavos / 100;
    const precio = formatearCentavosBreve(producto.precioCentavos);
    const url = `${publicUrl}/product/${producto.id}`;
    const imagen = absoluta(producto.imagen);
    const faltan = grupo ? grupo.lugaresNecesarios - grupo.lugaresOcupados : 0;
    const lugares = grupo ? `${lugaresQueFaltan(faltan)}. ` : '';
    const descripcion = recortar(
      `${precio} por unidad en ${producto.tiendaNombre}. ${lugares}${producto.descripcion}`,
      LARGO_DESCRIPCION,
    );
    const tienda = {
      '@type': 'Organization',
      name: producto.tiendaNombre,
      url: `${publicUrl}/store/${producto.tiendaId}`,
    };
    return {
      estado: 200,
      etiquetas: [
        ...etiquetasParaCompartir({
          tipo: 'product',
          titulo: `${producto.nombre} · ${SITIO}`,
          descripcion,
          url,
          // The share card: photo, name, price, places and time left (decision 053).
          imagen: urlDeTarjeta(
            publicUrl,
            'producto',
            producto.id,
            versionDeTarjeta(
              grupo?.lugaresOcupados ?? 0,
              producto.nombre,
              producto.precioCentavos,
              producto.imagen,
              grupo?.lugaresNecesarios ?? null,
            ),
          ),
          medidas: { ancho: TARJETA.ancho, alto: TARJETA.alto, tipo: TARJETA.tipo },
          alt: producto.nombre,
        }),
        { property: 'product:price:amount', content: pesos.toFixed(2) },
        { property: 'product:price:currency', content: 'ARS' },
        {
          'script:ld+json': {
            '@context': 'https://schema.org',
            '@type': 'Product',
            '@id': url,
            name: producto.nombre,
            ...(producto.descripcion ? { description: recortar(producto.descripcion, 1000) } : {}),
            ...(imagen ? { image: [imagen] } : {}),
            url,
            sku: producto.id,
            brand: { '@type': 'Brand', name: producto.tiendaNombre },
            offers: {
              '@type': 'Offer',
              url,
              price: pesos.toFixed(2),
              priceCurrency: 'ARS',
              availability:
                producto.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              seller: tienda,
            },
          },
        },
      ],
    };
  }

  async function paginaDeTienda(id: string): Promise<PaginaPublica> {
    const tienda = esIdValido(id) ? await repository.findTiendaHabilitada(id) : undefined;
    // Unknown or not enabled (under review, disabled): the screen shows 'Tienda no encontrada'.
    if (!tienda) return noEncontrada('Tienda no encontrada');
    const url = `${publicUrl}/store/${tienda.id}`;
    const imagen =
      absoluta(tienda.logo) ??
      absoluta(tienda.productosDestacados.find((p) => p.imagen)?.imagen ?? null);
    const productos =
      tienda.totalProductos === 1 ? '1 producto' : `${tienda.totalProductos} productos`;
    const descripcion = recortar(
      `${tienda.descripcion ? `${tienda.descripcion.trim().replace(/\.$/, '')}. ` : ''}${productos} para comprar en grupo en ${SITIO}.`,
      LARGO_DESCRIPCION,
    );
    return {
      estado: 200,
      etiquetas: [
        ...etiquetasParaCompartir({
          tipo: 'website',
          titulo: `${tienda.nombre} · ${SITIO}`,
          descripcion,
          url,
          imagen,
          alt: tienda.nombre,
        }),
        {
          'script:ld+json': {
            '@context': 'https://schema.org',
            '@type': 'LocalBusiness',
            '@id': url,
            name: tienda.nombre,
            ...(tienda.descripcion ? { description: recortar(tienda.descripcion, 1000) } : {}),
            ...(imagen ? { image: imagen } : {}),
            ...(tienda.logo ? { logo: absoluta(tienda.logo) } : {}),
            url,
          },
        },
      ],
    };
  }
}

export type VitrinaService = ReturnType<typeof createVitrinaService>;
