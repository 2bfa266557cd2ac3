import type { PlanoGeo } from '@compra-grupal/contracts';

/**
 * The picker's drawn map, for when the map tiles cannot be loaded (no network): each point of
 * the view belongs to the nearest barrio (inside the Ciudad) or locality (outside), the rule
 * the reverse answer follows, so the limits drawn agree with the summary. Everything here works
 * in the map's pixels: over a few kilometres the projection keeps distances in proportion.
 */

/** A point in the map container's pixels. */
export interface Pixel {
  x: number;
  y: number;
}

/** South, west, north and east edges in degrees. */
export interface AreaGeo {
  sur: number;
  oeste: number;
  norte: number;
  este: number;
}

/** Areas are asked for on this grid (degrees), so that small moves reuse the answer. */
const PASO_DEL_AREA = 0.05;
/** The API answers areas up to 2 degrees a side. */
const LADO_MAXIMO = 2;

const haciaAbajo = (valor: number) => Math.floor(valor / PASO_DEL_AREA) * PASO_DEL_AREA;
const haciaArriba = (valor: number) => Math.ceil(valor / PASO_DEL_AREA) * PASO_DEL_AREA;
const fijar = (valor: number) => Number(valor.toFixed(2));

/**
 * The view's area widened to the grid, or null when the view is too large to draw places
 * (zoomed far out).
 */
export function areaDelPlano(vista: AreaGeo): AreaGeo | null {
  const area = {
    sur: fijar(Math.max(-90, haciaAbajo(vista.sur))),
    oeste: fijar(Math.max(-180, haciaAbajo(vista.oeste))),
    norte: fijar(Math.min(90, haciaArriba(vista.norte))),
    este: fijar(Math.min(180, haciaArriba(vista.este))),
  };
  if (area.norte <= area.sur) area.norte = fijar(area.sur + PASO_DEL_AREA);
  if (area.este <= area.oeste) area.este = fijar(area.oeste + PASO_DEL_AREA);
  if (area.norte - area.sur > LADO_MAXIMO || area.este - area.oeste > LADO_MAXIMO) return null;
  return area;
}

/** Ray casting: whether the pixel lies inside the ring. */
export function dentroDe(anillo: readonly Pixel[], x: number, y: number): boolean {
  let dentro = false;
  for (let i = 0, j = anillo.length - 1; i < anillo.length; j = i++) {
    const a = anillo[i] as Pixel;
    const b = anillo[j] as Pixel;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) {
      dentro = !dentro;
    }
  }
  return dentro;
}

/** A reference point of a place, in pixels. */
interface Sitio extends Pixel {
  lugar: number;
}

export interface Region {
  /** Index of the place in `plano.lugares`. */
  lugar: number;
  nombre: string;
  barrio: boolean;
  /** Where to write the name: the middle of the region's visible part (above the note). */
  centro: Pixel;
  /** Visible area (above the note) in square pixels. */
  superficie: number;
}

/** A stretch of limit between two places, on the bisector of their nearest points. */
export interface Limite {
  desde: Pixel;
  hasta: Pixel;
}

export interface Regiones {
  /** The place of each cell (row by row), -1 where there is none. */
  celdas: Int16Array;
  columnas: number;
  filas: number;
  tamanioCelda: number;
  regiones: Region[];
  limites: Limite[];
  /** The Ciudad's outline in pixels. */
  limiteCaba: Pixel[];
}

/**
 * Splits a view of `ancho` x `alto` pixels into the places of `plano`, in cells of
 * `tamanioCelda` pixels: which place each cell belongs to, the visible part of each place, and
 * the limits between places as straight stretches (the limit between two nearest points is
 * their bisector, so it is drawn exactly, not cell by cell).
 */
export function calcularRegiones(
  plano: PlanoGeo,
  proyectar: (lat: number, lng: number) => Pixel,
  ancho: number,
  alto: number,
  tamanioCelda = 4,
  /** Names are placed above this height (a note covers the bottom of the map). */
  altoEtiquetas = alto,
): Regiones {
  const limiteCaba = plano.limiteCaba.map(([lat, lng]) => proyectar(lat, lng));
  const barrios: Sitio[] = [];
  const localidades: Sitio[] = [];
  plano.lugares.forEach((lugar, indice) => {
    for (const [lat, lng] of lugar.puntos) {
      (lugar.barrio ? barrios : localidades).push({ ...proyectar(lat, lng), lugar: indice });
    }
  });
  const sitios = [...barrios, ...localidades];

  const columnas = Math.ceil(ancho / tamanioCelda);
  const filas = Math.ceil(alto / tamanioCelda);
  const celdas = new Int16Array(columnas * filas).fill(-1);
  /** The nearest reference point of each cell (an index into `sitios`). */
  const sitioDeCelda = new Int32Array(columnas * filas).fill(-1);
  const sumas = new Map<number, { x: number; y: number; n: number }>();

  for (let fila = 0; fila < filas; fila++) {
    const y = (fila + 0.5) * tamanioCelda;
    for (let columna = 0; columna < columnas; columna++) {
      const x = (columna + 0.5) * tamanioCelda;
      const enCaba = limiteCaba.length > 2 && dentroDe(limiteCaba, x, y);
      const desde = enCaba ? 0 : barrios.length;
      const hasta = enCaba ? barrios.length : sitios.length;
      let mejor = -1;
      let mejorDistancia = Number.POSITIVE_INFINITY;
      for (let i = desde; i < hasta; i++) {
        const sitio = sitios[i] as Sitio;
        const distancia = (sitio.x - x) ** 2 + (sitio.y - y) ** 2;
        if (distancia < mejorDistancia) {
          mejor = i;
          mejorDistancia = distancia;
        }
      }
      if (mejor < 0) continue;
      const celda = fila * columnas + columna;
      const lugar = (sitios[mejor] as Sitio).lugar;
      celdas[celda] = lugar;
      sitioDeCelda[celda] = mejor;
      if (y < altoEtiquetas) {
        const suma = sumas.get(lugar) ?? { x: 0, y: 0, n: 0 };
        suma.x += x;
        suma.y += y;
        suma.n += 1;
        sumas.set(lugar, suma);
      }
    }
  }

  // Limits: for each pair of neighbouring cells of different places, the bisector of their two
  // nearest points; each pair's stretch spans the cells where they meet.
  const tramos = new Map<string, { a: Sitio; b: Sitio; min: number; max: number }>();
  const anotar = (celda: number, vecina: number) => {
    const lugarA = celdas[celda] as number;
    const lugarB = celdas[vecina] as number;
    if (lugarA < 0 || lugarB < 0 || lugarA === lugarB) return;
    const iA = sitioDeCelda[celda] as number;
    const iB = sitioDeCelda[vecina] as number;
    const a = sitios[Math.min(iA, iB)] as Sitio;
    const b = sitios[Math.max(iA, iB)] as Sitio;
    // A barrio meets a locality only along the Ciudad's outline, drawn on its own.
    if ((plano.lugares[a.lugar]?.barrio ?? false) !== (plano.lugares[b.lugar]?.barrio ?? false)) {
      return;
    }
    const clave = `${Math.min(iA, iB)}:${Math.max(iA, iB)}`;
    const fila = Math.floor(celda / columnas);
    const columna = celda % columnas;
    const filaV = Math.floor(vecina / columnas);
    const columnaV = vecina % columnas;
    const x = ((columna + columnaV) / 2 + 0.5) * tamanioCelda;
    const y = ((fila + filaV) / 2 + 0.5) * tamanioCelda;
    // Position along the bisector (perpendicular to a-b).
    const t = -(b.y - a.y) * x + (b.x - a.x) * y;
    const tramo = tramos.get(clave);
    if (tramo) {
      tramo.min = Math.min(tramo.min, t);
      tramo.max = Math.max(tramo.max, t);
    } else {
      tramos.set(clave, { a, b, min: t, max: t });
    }
  };
  for (let fila = 0; fila < filas; fila++) {
    for (let columna = 0; columna < columnas; columna++) {
      const celda = fila * columnas + columna;
      if (columna + 1 < columnas) anotar(celda, celda + 1);
      if (fila + 1 < filas) anotar(celda, celda + columnas);
    }
  }
  const limites: Limite[] = [];
  for (const { a, b, min, max } of tramos.values()) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const largo2 = dx * dx + dy * dy;
    if (largo2 === 0) continue;
    // The bisector: the midpoint m plus t' along (-dy, dx); t = t0 + t' * |d|^2.
    const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const t0 = -dy * m.x + dx * m.y;
    const punto = (t: number) => {
      const s = (t - t0) / largo2;
      return { x: m.x - dy * s, y: m.y + dx * s };
    };
    const margen = tamanioCelda / 2;
    const largo = Math.sqrt(largo2);
    limites.push({
      desde: punto(min - margen * largo),
      hasta: punto(max + margen * largo),
    });
  }

  const regiones: Region[] = [...sumas].map(([lugar, suma]) => ({
    lugar,
    nombre: plano.lugares[lugar]?.nombre ?? '',
    barrio: plano.lugares[lugar]?.barrio ?? false,
    centro: { x: suma.x / suma.n, y: suma.y / suma.n },
    superficie: suma.n * tamanioCelda * tamanioCelda,
  }));

  return { celdas, columnas, filas, tamanioCelda, regiones, limites, limiteCaba };
}

/**
 * A tint for each place so that neighbours differ: places whose reference points are
 * neighbours (no other point is nearer their midpoint, a Gabriel graph) get different colours,
 * chosen greedily in the answer's order. It depends only on the answer, not on the view, so
 * colours do not change while panning.
 */
export function coloresDeLugares(plano: PlanoGeo, cantidad: number): Uint8Array {
  const sitios: { lat: number; lng: number; lugar: number; barrio: boolean }[] = [];
  plano.lugares.forEach((lugar, indice) => {
    for (const [lat, lng] of lugar.puntos) {
      sitios.push({ lat, lng, lugar: indice, barrio: lugar.barrio });
    }
  });
  const latMedia = sitios.reduce((suma, s) => suma + s.lat, 0) / Math.max(1, sitios.length);
  const kx = Math.cos((latMedia * Math.PI) / 180);
  const d2 = (a: { lat: number; lng: number }, lat: number, lng: number) =>
    ((a.lng - lng) * kx) ** 2 + (a.lat - lat) ** 2;

  const vecinos = plano.lugares.map(() => new Set<number>());
  for (let i = 0; i < sitios.length; i++) {
    const a = sitios[i] as (typeof sitios)[number];
    for (let j = i + 1; j < sitios.length; j++) {
      const b = sitios[j] as (typeof sitios)[number];
      if (a.lugar === b.lugar || a.barrio !== b.barrio) continue;
      const lat = (a.lat + b.lat) / 2;
      const lng = (a.lng + b.lng) / 2;
      const radio = d2(a, lat, lng);
      const tapado = sitios.some(
        (c, k) => k !== i && k !== j && c.barrio === a.barrio && d2(c, lat, lng) < radio,
      );
      if (!tapado) {
        vecinos[a.lugar]?.add(b.lugar);
        vecinos[b.lugar]?.add(a.lugar);
      }
    }
  }
  const colores = new Uint8Array(plano.lugares.length);
  plano.lugares.forEach((_lugar, indice) => {
    const usados = new Set(
      [...(vecinos[indice] ?? [])].filter((v) => v < indice).map((v) => colores[v]),
    );
    let color = 0;
    while (usados.has(color) && color < cantidad - 1) color++;
    colores[indice] = color;
  });
  return colores;
}
