import { componerDireccion, paquetePorCategoria } from '@compra-grupal/contracts';
import { inArray } from 'drizzle-orm';
import {
  categorias,
  categoriasLocales,
  coberturas,
  productos,
  tiendas,
  usuarios,
} from '../db/schema';
import { fixedId } from '../lib/ids';
import { pesosACentavos } from '../lib/money';
import { columnasDePaquete } from '../modules/producto/paquete-del-producto';
import { hashPassword } from '../modules/usuario/password';
import { drawProductImages, drawStoreLogo, PALETAS } from './demo-images';
import { DEMO_TIENDAS, ENTREGA_EN_GRUPO_DEMO } from './demo-tiendas.data';
import { DEMO_PASSWORD, DEMO_VERIFICADO_EN } from './demo-usuarios';
import type { SeedContext } from './seed-context';

/**
 * Demo sellers: the first is documented in the README, and so is the one a store names
 * (`vendedor`, the seller waiting for review); all use the demo password.
 */
export const demoVendedorEmail = (index: number) =>
  DEMO_TIENDAS[index]?.vendedor?.email ??
  (index === 0 ? 'vendedor@compragrupal.com.ar' : `vendedor${index + 1}@compragrupal.com.ar`);

export const demoTiendaId = (index: number) => fixedId('a1', index + 1);

/** Runs `fn` over `items`, at most `limit` at a time, keeping their order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every logo and photo, drawn a few at a time (sharp renders on its own threads). */
function drawDemoImages() {
  const productos = DEMO_TIENDAS.flatMap((demo) =>
    demo.productos.map((p) => ({ p, paleta: PALETAS[p.paleta] ?? PALETAS[demo.paleta] })),
  );
  return Promise.all([
    mapLimit([...DEMO_TIENDAS.entries()], 4, async ([index, demo]) => {
      const paleta = PALETAS[demo.paleta];
      if (!paleta) throw new Error(`Paleta desconocida: ${demo.paleta}`);
      return drawStoreLogo(demo.nombre, paleta, index + 7);
    }),
    mapLimit([...productos.entries()], 4, ([i, { p, paleta }]) => {
      if (!paleta) throw new Error(`Paleta desconocida: ${p.paleta}`);
      return drawProductImages(p, paleta, (i + 1) * 31);
    }),
  ]);
}

export async function seedDemoTiendas({ db, storage }: SeedContext): Promise<void> {
  const [contraseniaHash, [logos, fotos]] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    drawDemoImages(),
  ]);
  const categoriaPorNombre = new Map(
    (await db.select().from(categorias)).map((c) => [c.nombre, c]),
  );
  const coberturaPorNombre = new Map(
    (await db.select().from(coberturas)).map((c) => [c.nombre, c]),
  );
  let productoN = 0;

  for (const [index, demo] of DEMO_TIENDAS.entries()) {
    const usuarioId = fixedId('d0', index + 1);
    const tiendaId = demoTiendaId(index);
    const cobertura = coberturaPorNombre.get(demo.cobertura);
    if (!cobertura) throw new Error(`Cobertura desconocida: ${demo.cobertura}`);

    await db
      .insert(usuarios)
      .values({
        id: usuarioId,
        nombre: demo.vendedor?.nombre ?? `Equipo ${demo.nombre}`,
        email: demoVendedorEmail(index),
        contraseniaHash,
        emailVerificadoEn: DEMO_VERIFICADO_EN,
        telefono: `+54 11 5000-${String(1000 + index)}`,
      })
      .onConflictDoNothing();

    const logoImagen = logos[index];
    if (!logoImagen) throw new Error(`Sin logo: ${demo.nombre}`);
    const logo = await storage.save(`tiendas/${tiendaId}.jpg`, logoImagen, 'image/jpeg');
    await db
      .insert(tiendas)
      .values({
        id: tiendaId,
        usuarioId,
        nombre: demo.nombre,
        descripcion: demo.descripcion,
        logo,
        telefono: `+54 11 5000-${String(1000 + index)}`,
        email: demoVendedorEmail(index),
        razonSocial: `${demo.nombre} S.R.L.`,
        categoriaGlobalId: categoriaPorNombre.get(demo.categoria)?.id ?? null,
        direccion: componerDireccion(demo.direccion.calle, demo.direccion.altura),
        calle: demo.direccion.calle,
        altura: demo.direccion.altura,
        ciudad: demo.direccion.ciudad,
        provincia: demo.direccion.provincia,
        codigoPostal: demo.direccion.cp,
        latitud: demo.direccion.lat,
        longitud: demo.direccion.lng,
        coberturaId: cobertura.id,
        coberturaKm: cobertura.km,
        habilitada: demo.habilitada,
        mpVinculado: demo.mpVinculado ?? demo.habilitada,
        mpUsuarioId: demo.mpUsuarioId ?? null,
      })
      .onConflictDoNothing();

    const localIds = new Map<string, string>();
    for (const [i, nombre] of demo.categoriasLocales.entries()) {
      const id = fixedId('a2', index * 16 + i + 1);
      localIds.set(nombre, id);
      await db.insert(categoriasLocales).values({ id, tiendaId, nombre }).onConflictDoNothing();
    }

    for (const [i, p] of demo.productos.entries()) {
      productoN++;
      const id = fixedId('a3', productoN);
      const images = fotos[productoN - 1];
      if (!images) throw new Error(`Sin imagen: ${p.nombre}`);
      await db
        .insert(productos)
        .values({
          id,
          tiendaId,
          vendedorId: usuarioId,
          nombre: p.nombre,
          descripcion: p.descripcion,
          precioCentavos: pesosACentavos(p.precio),
          categoria: demo.categoria,
          ...columnasDePaquete(paquetePorCategoria(demo.categoria)),
          categoriaLocalIds: [localIds.get(p.categoria)].filter((x): x is string => Boolean(x)),
          imagen: await storage.save(`productos/${id}.jpg`, images.imagen, 'image/jpeg'),
          imagenMiniatura: await storage.save(
            `productos/${id}-320.jpg`,
            images.miniatura,
            'image/jpeg',
          ),
          imagen640: await storage.save(`productos/${id}-640.jpg`, images.mediana, 'image/jpeg'),
          imagenAncho: images.ancho,
          imagenAlto: images.alto,
          stock: p.stock,
          cantidadTotalGrupo: p.grupo,
          // Newest first on the cards: keep the data file's order.
          fechaCreacion: new Date(Date.UTC(2026, 9, 1) - i * 3_600_000),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * The demo stores around Palermo offer 'Entrega en grupo' (docs/decisions/057): a step of its
 * own, so that a demo seeded before it gains the option.
 */
export async function seedDemoEntregaEnGrupo({ db }: SeedContext): Promise<void> {
  const ids = [...DEMO_TIENDAS.entries()]
    .filter(([, demo]) => demo.entregaEnGrupo)
    .map(([index]) => demoTiendaId(index));
  if (ids.length === 0) return;
  await db
    .update(tiendas)
    .set({
      entregaEnGrupoActiva: true,
      entregaEnGrupoBaseCentavos: pesosACentavos(ENTREGA_EN_GRUPO_DEMO.base),
      entregaEnGrupoKmCentavos: pesosACentavos(ENTREGA_EN_GRUPO_DEMO.porKm),
      entregaEnGrupoMinimoCentavos: pesosACentavos(ENTREGA_EN_GRUPO_DEMO.minimo),
    })
    .where(inArray(tiendas.id, ids));
}
