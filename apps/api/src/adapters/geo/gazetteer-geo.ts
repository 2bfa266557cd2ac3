import type { PlanoGeo, SugerenciaGeo, UbicacionGeo } from '@compra-grupal/contracts';
import { fueraDeArgentina, type GeoPort } from './geo.port';

/**
 * The embedded geocoder (DESIGN.md section 2): works offline from the `country-state-city`
 * package (the 24 provinces and their localities with coordinates), completed with small
 * tables written here: the 48 barrios of the Ciudad Autónoma de Buenos Aires (shoppers there
 * search by barrio), the main localities of the province of Buenos Aires (the package files
 * only a few CABA barrios under that province) and the postal codes of the places whose area
 * has one code. It knows places, never streets: a reverse answer names the nearest barrio or
 * locality, with its postal code when the tables have it (null otherwise).
 */
export function createGazetteerGeo(): GeoPort {
  return {
    buscaCalles: false,
    async buscar(texto, limite) {
      const encontradas = await buscarLugares(texto, limite);
      // 'Av. Corrientes 1234, Palermo': no place is named like a street, but the part after the
      // comma may name the barrio or locality.
      const coma = texto.indexOf(',');
      if (encontradas.length > 0 || coma < 0) return encontradas;
      return buscarLugares(texto.slice(coma + 1), limite);
    },

    async inversa(lat, lng) {
      if (!enArgentina(lat, lng)) throw fueraDeArgentina();
      const { barrios, localidades } = await obtenerIndice();
      const { lugar, distanciaKm } = masCercano(enCaba(lat, lng) ? barrios : localidades, lat, lng);
      return {
        direccion: `Cerca de ${lugar.nombre}`,
        ciudad: lugar.nombre,
        provincia: lugar.provincia,
        // A far point is only near the place: its code may belong to another locality.
        codigoPostal:
          lugar.esBarrio || distanciaKm <= RADIO_CODIGO_POSTAL_KM ? lugar.codigoPostal : null,
        lat,
        lng,
      } satisfies UbicacionGeo;
    },
  };
}

/** The places whose name matches `texto`, best first, at most `limite`. */
async function buscarLugares(texto: string, limite: number): Promise<SugerenciaGeo[]> {
  const consulta = normalizar(texto);
  if (consulta.length === 0 || limite < 1) return [];
  const palabras = consulta.split(' ');
  const { entradas } = await obtenerIndice();
  const encontradas: { entrada: Entrada; nivel: number }[] = [];
  for (const entrada of entradas) {
    const nivel = nivelDeCoincidencia(entrada, consulta, palabras);
    if (nivel !== undefined) encontradas.push({ entrada, nivel });
  }
  encontradas.sort(
    (a, b) =>
      a.nivel - b.nivel ||
      b.entrada.lugar.peso - a.entrada.lugar.peso ||
      a.entrada.lugar.nombre.length - b.entrada.lugar.nombre.length ||
      a.entrada.lugar.nombre.localeCompare(b.entrada.lugar.nombre, 'es'),
  );
  return encontradas.slice(0, limite).map(({ entrada }) => ({ ...entrada.sugerencia }));
}

/** A reverse answer keeps the place's postal code up to this distance from it. */
export const RADIO_CODIGO_POSTAL_KM = 8;

/** How far beyond the area the drawn map looks for places: the nearest may lie outside it. */
const MARGEN_DEL_PLANO_KM = 30;
/** At most this many places in a drawn map, the largest first. */
const LUGARES_DEL_PLANO = 400;

/**
 * The places near an area (south, west, north, east) for the picker's drawn map, with the
 * outline of the Ciudad. Every point of the area has its nearest place among them (barring
 * places more than MARGEN_DEL_PLANO_KM away), so limits drawn by nearest place agree with the
 * reverse answer.
 */
export async function planoDelGazetteer(
  sur: number,
  oeste: number,
  norte: number,
  este: number,
): Promise<PlanoGeo> {
  const { barrios, localidades } = await obtenerIndice();
  const margenLat = MARGEN_DEL_PLANO_KM / 111;
  const margenLng = MARGEN_DEL_PLANO_KM / (111 * Math.cos((((sur + norte) / 2) * Math.PI) / 180));
  const cerca = (punto: Punto) =>
    punto[0] >= sur - margenLat &&
    punto[0] <= norte + margenLat &&
    punto[1] >= oeste - margenLng &&
    punto[1] <= este + margenLng;
  const lugares = [...barrios, ...localidades]
    .filter((lugar) => [[lugar.lat, lugar.lng] as const, ...lugar.puntos].some(cerca))
    .sort((a, b) => b.peso - a.peso)
    .slice(0, LUGARES_DEL_PLANO);
  return {
    lugares: lugares.map((lugar) => ({
      nombre: lugar.nombre,
      provincia: lugar.provincia,
      barrio: lugar.esBarrio,
      puntos: [[lugar.lat, lugar.lng], ...lugar.puntos].map(([lat, lng]) => [lat, lng]),
    })),
    limiteCaba: LIMITE_CABA.map(([lat, lng]) => [lat, lng]),
  };
}

let indice: Promise<Indice> | undefined;
/**
 * Built once per process, on first use, and shared by the geocoder and the drawn map: the
 * package's data weighs about 8 MB.
 */
function obtenerIndice(): Promise<Indice> {
  indice ??= construirIndice().catch((error: unknown) => {
    indice = undefined;
    throw error;
  });
  return indice;
}

type Punto = readonly [lat: number, lng: number];

/** A locality, or a barrio of the Ciudad Autónoma de Buenos Aires. */
export interface LugarGeo {
  nombre: string;
  provincia: string;
  lat: number;
  lng: number;
  /** Population-ish rank for the search: capitals 100, CABA barrios 90, large cities 50. */
  peso: number;
  /** Other names people type ('Barrio Norte', 'Tucumán'). */
  alias: readonly string[];
  /** More reference points of a large barrio, for the reverse answer. */
  puntos: readonly Punto[];
  esBarrio: boolean;
  /** The four-digit postal code (CP) when the whole place has one, else null. */
  codigoPostal: string | null;
}

interface Entrada {
  lugar: LugarGeo;
  /** The name and its aliases, normalised. */
  nombres: string[];
  palabrasDelNombre: string[];
  /** The province's words (and 'caba', 'capital federal' in the city). */
  palabrasDelContexto: string[];
  sugerencia: SugerenciaGeo;
}

interface Indice {
  entradas: Entrada[];
  /** The barrios of the Ciudad Autónoma de Buenos Aires. */
  barrios: LugarGeo[];
  /** Every locality outside the Ciudad Autónoma de Buenos Aires. */
  localidades: LugarGeo[];
}

const CABA = 'Ciudad Autónoma de Buenos Aires';

/** Lower case, without diacritics or punctuation: 'Córdoba' and 'CORDOBA' both give 'cordoba'. */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const palabrasDe = (textos: readonly string[]) =>
  textos.flatMap((texto) => normalizar(texto).split(' ')).filter(Boolean);

/**
 * How well an entry matches (lower is better), or undefined when it does not: the whole name,
 * the start of the name, the start of each word of the name, the same with the province's
 * words, inside the name, and only the province's words.
 */
function nivelDeCoincidencia(
  entrada: Entrada,
  consulta: string,
  palabras: string[],
): number | undefined {
  if (entrada.nombres.includes(consulta)) return 0;
  if (entrada.nombres.some((nombre) => nombre.startsWith(consulta))) return 1;
  const enNombre = palabras.map((palabra) =>
    entrada.palabrasDelNombre.some((p) => p.startsWith(palabra)),
  );
  if (enNombre.every(Boolean)) return 2;
  const enContexto = palabras.map(
    (palabra, i) =>
      enNombre[i] === true || entrada.palabrasDelContexto.some((p) => p.startsWith(palabra)),
  );
  const todasEnContexto = enContexto.every(Boolean);
  if (todasEnContexto && enNombre.some(Boolean)) return 3;
  if (entrada.nombres.some((nombre) => nombre.includes(consulta))) return 4;
  if (todasEnContexto) return 5;
  return undefined;
}

async function construirIndice(): Promise<Indice> {
  const lugares = await cargarLugares();
  const entradas = lugares.map((lugar): Entrada => {
    const esCaba = lugar.provincia === CABA;
    return {
      lugar,
      nombres: [lugar.nombre, ...lugar.alias].map(normalizar),
      palabrasDelNombre: palabrasDe([lugar.nombre, ...lugar.alias]),
      palabrasDelContexto: palabrasDe(
        esCaba ? [CABA, 'CABA', 'Capital Federal'] : [lugar.provincia],
      ),
      sugerencia: {
        etiqueta: lugar.nombre === CABA ? CABA : `${lugar.nombre}, ${lugar.provincia}`,
        direccion: lugar.nombre,
        ciudad: lugar.nombre,
        provincia: lugar.provincia,
        codigoPostal: lugar.codigoPostal,
        lat: lugar.lat,
        lng: lugar.lng,
      },
    };
  });
  return {
    entradas,
    barrios: lugares.filter((lugar) => lugar.esBarrio),
    localidades: lugares.filter((lugar) => lugar.provincia !== CABA),
  };
}

/** Every place of the gazetteer: the package's localities plus the tables of this file. */
export async function cargarLugares(): Promise<LugarGeo[]> {
  const { State, City } = await import('country-state-city');
  const provincias = new Map(
    State.getStatesOfCountry('AR').map((estado) => [
      estado.isoCode,
      PROVINCIAS[estado.isoCode] ?? estado.name,
    ]),
  );
  const nombresDeBarrios = new Set(BARRIOS_CABA.map(([nombre]) => nombre));

  const lugares: LugarGeo[] = [
    {
      nombre: CABA,
      provincia: CABA,
      lat: -34.6037,
      lng: -58.3816,
      peso: 100,
      alias: ['Buenos Aires', 'CABA', 'Capital Federal'],
      puntos: [],
      esBarrio: false,
      codigoPostal: null,
    },
    ...BARRIOS_CABA.map(
      ([nombre, lat, lng, alias = [], puntos = []]): LugarGeo => ({
        nombre,
        provincia: CABA,
        lat,
        lng,
        peso: 90,
        alias,
        puntos,
        esBarrio: true,
        codigoPostal: CODIGOS_POSTALES_BARRIOS[nombre] ?? null,
      }),
    ),
    ...LOCALIDADES_BUENOS_AIRES.map(
      ([nombre, lat, lng, peso, alias = []]): LugarGeo => ({
        nombre,
        provincia: 'Buenos Aires',
        lat,
        lng,
        peso,
        alias,
        puntos: [],
        esBarrio: false,
        codigoPostal: CODIGOS_POSTALES[`${nombre}|B`] ?? null,
      }),
    ),
  ];

  for (const ciudad of City.getCitiesOfCountry('AR') ?? []) {
    const provincia = provincias.get(ciudad.stateCode);
    const lat = Number(ciudad.latitude);
    const lng = Number(ciudad.longitude);
    if (!provincia || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    // Departments are areas, not places a shopper lives in.
    if (/^departamento /i.test(ciudad.name)) continue;
    // The package files the city and some of its barrios under the province: the tables above
    // hold them.
    if (
      ciudad.stateCode === 'B' &&
      (ciudad.name === 'Buenos Aires' || nombresDeBarrios.has(ciudad.name))
    )
      continue;
    const clave = `${ciudad.name}|${ciudad.stateCode}`;
    lugares.push({
      nombre: ciudad.name,
      provincia,
      lat,
      lng,
      peso: CAPITALES[ciudad.stateCode] === ciudad.name ? 100 : (CIUDADES_GRANDES[clave] ?? 10),
      alias: ALIAS[clave] ?? [],
      puntos: [],
      esBarrio: false,
      codigoPostal: CODIGOS_POSTALES[clave] ?? null,
    });
  }

  const vistos = new Set<string>();
  return lugares.filter((lugar) => {
    const clave = `${normalizar(lugar.nombre)}|${lugar.provincia}`;
    if (vistos.has(clave)) return false;
    vistos.add(clave);
    return true;
  });
}

/** Great-circle distance in kilometres. */
function distanciaKm(a: Punto, b: Punto): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function masCercano(
  lugares: readonly LugarGeo[],
  lat: number,
  lng: number,
): { lugar: LugarGeo; distanciaKm: number } {
  let mejor: LugarGeo | undefined;
  let mejorDistancia = Number.POSITIVE_INFINITY;
  for (const lugar of lugares) {
    for (const punto of [[lugar.lat, lugar.lng] as const, ...lugar.puntos]) {
      const distancia = distanciaKm([lat, lng], punto);
      if (distancia < mejorDistancia) {
        mejor = lugar;
        mejorDistancia = distancia;
      }
    }
  }
  if (!mejor) throw new Error('El gazetteer no tiene lugares');
  return { lugar: mejor, distanciaKm: mejorDistancia };
}

/** Ray casting: whether the point lies inside the ring (vertices as [lat, lng]). */
function dentroDe(anillo: readonly Punto[], lat: number, lng: number): boolean {
  let dentro = false;
  for (let i = 0, j = anillo.length - 1; i < anillo.length; j = i++) {
    const [latI, lngI] = anillo[i] as Punto;
    const [latJ, lngJ] = anillo[j] as Punto;
    if (latI > lat !== latJ > lat && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI) {
      dentro = !dentro;
    }
  }
  return dentro;
}

/** Inside Argentina's rough outline (mainland and Tierra del Fuego). */
export function enArgentina(lat: number, lng: number): boolean {
  if (lat < -55.1 || lat > -21.7 || lng < -73.6 || lng > -53.6) return false;
  return dentroDe(ARGENTINA_CONTINENTAL, lat, lng) || dentroDe(TIERRA_DEL_FUEGO, lat, lng);
}

/** Inside the rough outline of the Ciudad Autónoma de Buenos Aires (General Paz, Riachuelo). */
export function enCaba(lat: number, lng: number): boolean {
  return dentroDe(LIMITE_CABA, lat, lng);
}

// ---------------------------------------------------------------------------------------------
// Data. Coordinates are approximate (a few hundred metres for barrios, a few km for outlines).

/** Province names by ISO 3166-2:AR letter, as Argentines write them in an address. */
const PROVINCIAS: Record<string, string> = {
  A: 'Salta',
  B: 'Buenos Aires',
  C: CABA,
  D: 'San Luis',
  E: 'Entre Ríos',
  F: 'La Rioja',
  G: 'Santiago del Estero',
  H: 'Chaco',
  J: 'San Juan',
  K: 'Catamarca',
  L: 'La Pampa',
  M: 'Mendoza',
  N: 'Misiones',
  P: 'Formosa',
  Q: 'Neuquén',
  R: 'Río Negro',
  S: 'Santa Fe',
  T: 'Tucumán',
  U: 'Chubut',
  V: 'Tierra del Fuego',
  W: 'Corrientes',
  X: 'Córdoba',
  Y: 'Jujuy',
  Z: 'Santa Cruz',
};

/** Provincial capitals as the package names them (La Plata is in the table below). */
const CAPITALES: Record<string, string> = {
  A: 'Salta',
  D: 'San Luis',
  E: 'Paraná',
  F: 'La Rioja',
  G: 'Santiago del Estero',
  H: 'Resistencia',
  J: 'San Juan',
  K: 'San Fernando del Valle de Catamarca',
  L: 'Santa Rosa',
  M: 'Mendoza',
  N: 'Posadas',
  P: 'Formosa',
  Q: 'Neuquén',
  R: 'Viedma',
  S: 'Santa Fe',
  T: 'San Miguel de Tucumán',
  U: 'Rawson',
  V: 'Ushuaia',
  W: 'Corrientes',
  X: 'Córdoba',
  Y: 'San Salvador de Jujuy',
  Z: 'Río Gallegos',
};

/** Large cities of the package ('name|province letter'), ranked after the capitals. */
const CIUDADES_GRANDES: Record<string, number> = Object.fromEntries(
  [
    'Rosario|S',
    'Río Cuarto|X',
    'Villa María|X',
    'San Francisco|X',
    'Villa Carlos Paz|X',
    'Alta Gracia|X',
    'Río Tercero|X',
    'Comodoro Rivadavia|U',
    'Trelew|U',
    'Puerto Madryn|U',
    'Esquel|U',
    'San Rafael|M',
    'Godoy Cruz|M',
    'Las Heras|M',
    'Concordia|E',
    'Gualeguaychú|E',
    'Río Grande|V',
    'San Carlos de Bariloche|R',
    'General Roca|R',
    'Cipolletti|R',
    'Villa Mercedes|D',
    'Rafaela|S',
    'Venado Tuerto|S',
    'Reconquista|S',
    'Villa Constitución|S',
    'Oberá|N',
    'Puerto Iguazú|N',
    'Presidencia Roque Sáenz Peña|H',
    'Tartagal|A',
    'San Ramón de la Nueva Orán|A',
    'La Banda|G',
    'Yerba Buena|T',
    'Goya|W',
    'Caleta Olivia|Z',
    'Clorinda|P',
    'Zapala|Q',
    'Cutral-Có|Q',
    'Plottier|Q',
    'Palpalá|Y',
    'Libertador General San Martín|Y',
    'Chilecito|F',
  ].map((clave) => [clave, 50]),
);

/** Names people use for some of the package's localities. */
const ALIAS: Record<string, string[]> = {
  'San Fernando del Valle de Catamarca|K': ['Catamarca'],
  'San Miguel de Tucumán|T': ['Tucumán'],
  'San Salvador de Jujuy|Y': ['Jujuy'],
  'San Carlos de Bariloche|R': ['Bariloche'],
  'San Ramón de la Nueva Orán|A': ['Orán'],
  'Presidencia Roque Sáenz Peña|H': ['Sáenz Peña'],
};

type FilaBarrio = readonly [
  nombre: string,
  lat: number,
  lng: number,
  alias?: readonly string[],
  puntos?: readonly Punto[],
];

/** The 48 barrios of the Ciudad Autónoma de Buenos Aires, with approximate centres. */
const BARRIOS_CABA: readonly FilaBarrio[] = [
  ['Agronomía', -34.5925, -58.4895],
  ['Almagro', -34.6095, -58.4195, ['Abasto']],
  ['Balvanera', -34.6095, -58.401, ['Once', 'Congreso'], [[-34.6035, -58.411]]],
  [
    'Barracas',
    -34.644,
    -58.382,
    [],
    [
      [-34.651, -58.395],
      [-34.64, -58.37],
    ],
  ],
  [
    'Belgrano',
    -34.562,
    -58.456,
    ['Barrancas de Belgrano'],
    [
      [-34.574, -58.442],
      [-34.552, -58.445],
    ],
  ],
  ['Boedo', -34.63, -58.417],
  [
    'Caballito',
    -34.618,
    -58.441,
    [],
    [
      [-34.607, -58.436],
      [-34.627, -58.444],
    ],
  ],
  ['Chacarita', -34.588, -58.454],
  ['Coghlan', -34.56, -58.475],
  ['Colegiales', -34.574, -58.45],
  ['Constitución', -34.627, -58.384],
  [
    'Flores',
    -34.629,
    -58.463,
    [],
    [
      [-34.644, -58.46],
      [-34.62, -58.47],
    ],
  ],
  ['Floresta', -34.628, -58.484],
  ['La Boca', -34.635, -58.363, ['Boca', 'Caminito']],
  ['La Paternal', -34.598, -58.468, ['Paternal']],
  ['Liniers', -34.643, -58.521],
  ['Mataderos', -34.66, -58.503, [], [[-34.672, -58.492]]],
  ['Monte Castro', -34.619, -58.507],
  ['Monserrat', -34.612, -58.381, ['Montserrat']],
  ['Nueva Pompeya', -34.651, -58.418, ['Pompeya']],
  ['Núñez', -34.545, -58.462, [], [[-34.539, -58.449]]],
  [
    'Palermo',
    -34.578,
    -58.426,
    ['Palermo Soho', 'Palermo Hollywood', 'Palermo Chico'],
    [
      [-34.588, -58.43],
      [-34.583, -58.44],
      [-34.5865, -58.414],
      [-34.578, -58.404],
      [-34.569, -58.415],
    ],
  ],
  ['Parque Avellaneda', -34.647, -58.479],
  ['Parque Chacabuco', -34.635, -58.438],
  ['Parque Chas', -34.585, -58.479],
  ['Parque Patricios', -34.637, -58.403],
  [
    'Puerto Madero',
    -34.611,
    -58.363,
    [],
    [
      [-34.6, -58.366],
      [-34.622, -58.361],
    ],
  ],
  [
    'Recoleta',
    -34.588,
    -58.396,
    ['Barrio Norte'],
    [
      [-34.595, -58.401],
      [-34.583, -58.389],
    ],
  ],
  ['Retiro', -34.592, -58.376, [], [[-34.584, -58.37]]],
  ['Saavedra', -34.554, -58.486],
  ['San Cristóbal', -34.624, -58.401],
  ['San Nicolás', -34.603, -58.38, ['Microcentro', 'Centro']],
  ['San Telmo', -34.621, -58.372],
  ['Vélez Sarsfield', -34.634, -58.491],
  ['Versalles', -34.631, -58.521],
  ['Villa Crespo', -34.599, -58.44],
  ['Villa del Parque', -34.604, -58.49],
  ['Villa Devoto', -34.602, -58.513, ['Devoto']],
  ['Villa General Mitre', -34.61, -58.468],
  [
    'Villa Lugano',
    -34.678,
    -58.472,
    ['Lugano'],
    [
      [-34.665, -58.465],
      [-34.687, -58.48],
    ],
  ],
  ['Villa Luro', -34.638, -58.503],
  ['Villa Ortúzar', -34.58, -58.468],
  ['Villa Pueyrredón', -34.581, -58.505],
  ['Villa Real', -34.619, -58.524],
  ['Villa Riachuelo', -34.692, -58.465],
  ['Villa Santa Rita', -34.615, -58.481],
  ['Villa Soldati', -34.665, -58.443, ['Soldati']],
  ['Villa Urquiza', -34.573, -58.488, ['Urquiza']],
];

/**
 * Postal codes of the barrios that have one code (CP C14xx); the barrios of the centre and the
 * south (San Nicolás, Recoleta, Barracas...) span many codes and have none here.
 */
const CODIGOS_POSTALES_BARRIOS: Record<string, string> = {
  Agronomía: '1417',
  Belgrano: '1428',
  Caballito: '1405',
  Chacarita: '1427',
  Coghlan: '1430',
  Colegiales: '1426',
  Flores: '1406',
  Floresta: '1407',
  'La Paternal': '1416',
  Liniers: '1408',
  Mataderos: '1440',
  'Monte Castro': '1407',
  'Nueva Pompeya': '1437',
  Núñez: '1429',
  Palermo: '1425',
  'Parque Avellaneda': '1407',
  'Parque Chacabuco': '1406',
  'Parque Chas': '1427',
  Saavedra: '1430',
  'Vélez Sarsfield': '1407',
  Versalles: '1408',
  'Villa Crespo': '1414',
  'Villa del Parque': '1417',
  'Villa Devoto': '1419',
  'Villa General Mitre': '1416',
  'Villa Lugano': '1439',
  'Villa Luro': '1407',
  'Villa Ortúzar': '1427',
  'Villa Pueyrredón': '1419',
  'Villa Real': '1408',
  'Villa Riachuelo': '1439',
  'Villa Santa Rita': '1416',
  'Villa Soldati': '1437',
  'Villa Urquiza': '1431',
};

/** Postal codes (CP) of localities ('name|province letter'): capitals and larger cities. */
const CODIGOS_POSTALES: Record<string, string> = {
  // Capitals
  'Salta|A': '4400',
  'San Luis|D': '5700',
  'Paraná|E': '3100',
  'La Rioja|F': '5300',
  'Santiago del Estero|G': '4200',
  'Resistencia|H': '3500',
  'San Juan|J': '5400',
  'San Fernando del Valle de Catamarca|K': '4700',
  'Santa Rosa|L': '6300',
  'Mendoza|M': '5500',
  'Posadas|N': '3300',
  'Formosa|P': '3600',
  'Neuquén|Q': '8300',
  'Viedma|R': '8500',
  'Santa Fe|S': '3000',
  'San Miguel de Tucumán|T': '4000',
  'Rawson|U': '9103',
  'Ushuaia|V': '9410',
  'Corrientes|W': '3400',
  'Córdoba|X': '5000',
  'San Salvador de Jujuy|Y': '4600',
  'Río Gallegos|Z': '9400',
  // Large cities
  'Rosario|S': '2000',
  'Río Cuarto|X': '5800',
  'Villa María|X': '5900',
  'San Francisco|X': '2400',
  'Villa Carlos Paz|X': '5152',
  'Alta Gracia|X': '5186',
  'Río Tercero|X': '5850',
  'Comodoro Rivadavia|U': '9000',
  'Trelew|U': '9100',
  'Puerto Madryn|U': '9120',
  'Esquel|U': '9200',
  'San Rafael|M': '5600',
  'Godoy Cruz|M': '5501',
  'Concordia|E': '3200',
  'Gualeguaychú|E': '2820',
  'Río Grande|V': '9420',
  'San Carlos de Bariloche|R': '8400',
  'General Roca|R': '8332',
  'Cipolletti|R': '8324',
  'Villa Mercedes|D': '5730',
  'Rafaela|S': '2300',
  'Venado Tuerto|S': '2600',
  'Reconquista|S': '3560',
  'Villa Constitución|S': '2919',
  'Oberá|N': '3360',
  'Puerto Iguazú|N': '3370',
  'Presidencia Roque Sáenz Peña|H': '3700',
  'Tartagal|A': '4560',
  'San Ramón de la Nueva Orán|A': '4530',
  'La Banda|G': '4300',
  'Yerba Buena|T': '4107',
  'Goya|W': '3450',
  'Caleta Olivia|Z': '9011',
  'Clorinda|P': '3610',
  'Zapala|Q': '8340',
  'Cutral-Có|Q': '8322',
  'Plottier|Q': '8316',
  'Palpalá|Y': '4612',
  'Chilecito|F': '5360',
  // Province of Buenos Aires (the table below)
  'La Plata|B': '1900',
  'Quilmes|B': '1878',
  'Lanús|B': '1824',
  'Lomas de Zamora|B': '1832',
  'Avellaneda|B': '1870',
  'San Justo|B': '1754',
  'Morón|B': '1708',
  'Merlo|B': '1722',
  'Moreno|B': '1744',
  'San Miguel|B': '1663',
  'José C. Paz|B': '1665',
  'Tigre|B': '1648',
  'San Isidro|B': '1642',
  'Pilar|B': '1629',
  'Florencio Varela|B': '1888',
  'Berazategui|B': '1884',
  'Banfield|B': '1828',
  'Temperley|B': '1834',
  'Adrogué|B': '1846',
  'Burzaco|B': '1852',
  'Monte Grande|B': '1842',
  'Ezeiza|B': '1804',
  'Ramos Mejía|B': '1704',
  'González Catán|B': '1759',
  'Isidro Casanova|B': '1765',
  'Gregorio de Laferrere|B': '1757',
  'Castelar|B': '1712',
  'Haedo|B': '1706',
  'Ituzaingó|B': '1714',
  'Hurlingham|B': '1686',
  'Caseros|B': '1678',
  'San Martín|B': '1650',
  'Villa Ballester|B': '1653',
  'Vicente López|B': '1638',
  'Olivos|B': '1636',
  'Martínez|B': '1640',
  'San Fernando|B': '1646',
  'Los Polvorines|B': '1613',
  'Bernal|B': '1876',
  'Wilde|B': '1875',
  'Remedios de Escalada|B': '1826',
  'Valentín Alsina|B': '1822',
  'Berisso|B': '1923',
  'Ensenada|B': '1925',
  'City Bell|B': '1896',
  'Guernica|B': '1862',
  'San Vicente|B': '1865',
  'Cañuelas|B': '1814',
  'Marcos Paz|B': '1727',
  'General Rodríguez|B': '1748',
  'Luján|B': '6700',
  'Belén de Escobar|B': '1625',
  'Garín|B': '1619',
  'Campana|B': '2804',
  'Zárate|B': '2800',
  'Mar del Plata|B': '7600',
  'Bahía Blanca|B': '8000',
  'Tandil|B': '7000',
  'Olavarría|B': '7400',
  'Azul|B': '7300',
  'Necochea|B': '7630',
  'Pergamino|B': '2700',
  'San Nicolás de los Arroyos|B': '2900',
  'Junín|B': '6000',
  'Chivilcoy|B': '6620',
  'Mercedes|B': '6600',
  'San Pedro|B': '2930',
  'Ramallo|B': '2915',
  'Chascomús|B': '7130',
  'Dolores|B': '7100',
  'Pinamar|B': '7167',
  'Villa Gesell|B': '7165',
  'San Clemente del Tuyú|B': '7105',
  'Santa Teresita|B': '7107',
  'Mar de Ajó|B': '7109',
  'Miramar|B': '7607',
  'Balcarce|B': '7620',
  'Tres Arroyos|B': '7500',
  'Coronel Suárez|B': '7540',
  'Trenque Lauquen|B': '6400',
  'Pehuajó|B': '6450',
  'Nueve de Julio|B': '6500',
  'Bragado|B': '6640',
  'Bolívar|B': '6550',
  'Lincoln|B': '6070',
  'Chacabuco|B': '6740',
  'Arrecifes|B': '2740',
  'Baradero|B': '2942',
  'San Antonio de Areco|B': '2760',
  'Carmen de Patagones|B': '8504',
  'Punta Alta|B': '8109',
  'Monte Hermoso|B': '8153',
  'Las Flores|B': '7200',
  'Saladillo|B': '7260',
  'Veinticinco de Mayo|B': '6660',
  'Lobos|B': '7240',
  'Coronel Brandsen|B': '1980',
  'Magdalena|B': '1913',
  'Coronel Pringles|B': '7530',
  'Benito Juárez|B': '7020',
  'Ayacucho|B': '7150',
  'Rauch|B': '7203',
  'General Madariaga|B': '7163',
  'Salto|B': '2741',
  'Colón|B': '2720',
  'Rojas|B': '2705',
  'General Villegas|B': '6230',
  'Carlos Casares|B': '6530',
  'Carhué|B': '6430',
  'Pigüé|B': '8170',
};

type FilaLocalidad = readonly [
  nombre: string,
  lat: number,
  lng: number,
  peso: number,
  alias?: readonly string[],
];

/** Main localities of the province of Buenos Aires (the package has none of them). */
const LOCALIDADES_BUENOS_AIRES: readonly FilaLocalidad[] = [
  ['La Plata', -34.9215, -57.9545, 100],
  // Conurbano bonaerense
  ['Quilmes', -34.7242, -58.2526, 50],
  ['Lanús', -34.7008, -58.3923, 50],
  ['Lomas de Zamora', -34.7606, -58.406, 50],
  ['Avellaneda', -34.6622, -58.365, 50],
  ['San Justo', -34.68, -58.56, 50, ['La Matanza']],
  ['Morón', -34.6534, -58.6198, 50],
  ['Merlo', -34.6652, -58.7276, 50],
  ['Moreno', -34.6504, -58.7898, 50],
  ['San Miguel', -34.5429, -58.7122, 50],
  ['José C. Paz', -34.515, -58.768, 50],
  ['Tigre', -34.426, -58.5796, 50],
  ['San Isidro', -34.4721, -58.5276, 50],
  ['Pilar', -34.4587, -58.914, 50],
  ['Florencio Varela', -34.8124, -58.275, 50],
  ['Berazategui', -34.7636, -58.2124, 50],
  ['Banfield', -34.744, -58.396, 20],
  ['Temperley', -34.775, -58.398, 20],
  ['Adrogué', -34.8003, -58.3843, 20, ['Almirante Brown']],
  ['Burzaco', -34.827, -58.392, 20],
  ['Monte Grande', -34.819, -58.468, 20, ['Esteban Echeverría']],
  ['Ezeiza', -34.853, -58.523, 20],
  ['Ramos Mejía', -34.644, -58.564, 20],
  ['González Catán', -34.77, -58.628, 20],
  ['Isidro Casanova', -34.704, -58.583, 20],
  ['Gregorio de Laferrere', -34.747, -58.586, 20, ['Laferrere']],
  ['Castelar', -34.652, -58.644, 20],
  ['Haedo', -34.644, -58.593, 20],
  ['Ituzaingó', -34.658, -58.667, 20],
  ['Hurlingham', -34.589, -58.639, 20],
  ['Caseros', -34.605, -58.563, 20, ['Tres de Febrero']],
  ['San Martín', -34.575, -58.537, 20, ['General San Martín']],
  ['Villa Ballester', -34.549, -58.556, 20],
  ['Vicente López', -34.526, -58.479, 20],
  ['Olivos', -34.508, -58.493, 20],
  ['Martínez', -34.492, -58.506, 20],
  ['San Fernando', -34.442, -58.56, 20],
  ['Los Polvorines', -34.503, -58.695, 20, ['Malvinas Argentinas']],
  ['Bernal', -34.71, -58.28, 20],
  ['Wilde', -34.703, -58.321, 20],
  ['Remedios de Escalada', -34.725, -58.395, 20],
  ['Valentín Alsina', -34.67, -58.41, 20],
  ['Berisso', -34.873, -57.886, 20],
  ['Ensenada', -34.861, -57.911, 20],
  ['City Bell', -34.871, -58.049, 20],
  ['Guernica', -34.915, -58.386, 20, ['Presidente Perón']],
  ['San Vicente', -35.025, -58.423, 20],
  ['Cañuelas', -35.052, -58.76, 20],
  ['Marcos Paz', -34.78, -58.837, 20],
  ['General Rodríguez', -34.608, -58.952, 20],
  ['Luján', -34.5703, -59.105, 30],
  ['Belén de Escobar', -34.347, -58.796, 30, ['Escobar']],
  ['Garín', -34.422, -58.76, 20],
  ['Campana', -34.163, -58.959, 30],
  ['Zárate', -34.098, -59.028, 30],
  // Interior
  ['Mar del Plata', -38.0023, -57.5575, 50, ['General Pueyrredón']],
  ['Bahía Blanca', -38.7183, -62.2663, 50],
  ['Tandil', -37.3288, -59.1367, 50],
  ['Olavarría', -36.8927, -60.3225, 30],
  ['Azul', -36.777, -59.8585, 30],
  ['Necochea', -38.5545, -58.7396, 30],
  ['Pergamino', -33.8895, -60.5736, 30],
  ['San Nicolás de los Arroyos', -33.3342, -60.2108, 30],
  ['Junín', -34.585, -60.9589, 30],
  ['Chivilcoy', -34.8957, -60.0167, 20],
  ['Mercedes', -34.6515, -59.4307, 20],
  ['San Pedro', -33.679, -59.666, 20],
  ['Ramallo', -33.485, -60.006, 20],
  ['Chascomús', -35.577, -58.009, 20],
  ['Dolores', -36.3132, -57.6792, 20],
  ['Pinamar', -37.108, -56.861, 20],
  ['Villa Gesell', -37.263, -56.973, 20],
  ['San Clemente del Tuyú', -36.357, -56.723, 20],
  ['Santa Teresita', -36.54, -56.69, 20],
  ['Mar de Ajó', -36.725, -56.68, 20],
  ['Miramar', -38.271, -57.84, 20],
  ['Balcarce', -37.846, -58.255, 20],
  ['Tres Arroyos', -38.377, -60.275, 20],
  ['Coronel Suárez', -37.455, -61.933, 20],
  ['Trenque Lauquen', -35.97, -62.733, 20],
  ['Pehuajó', -35.811, -61.896, 20],
  ['Nueve de Julio', -35.444, -60.883, 20, ['9 de Julio']],
  ['Bragado', -35.119, -60.489, 20],
  ['Bolívar', -36.23, -61.113, 20, ['San Carlos de Bolívar']],
  ['Lincoln', -34.867, -61.53, 20],
  ['Chacabuco', -34.642, -60.47, 20],
  ['Arrecifes', -34.064, -60.103, 20],
  ['Baradero', -33.811, -59.504, 20],
  ['San Antonio de Areco', -34.25, -59.47, 20],
  ['Carmen de Patagones', -40.798, -62.981, 20],
  ['Punta Alta', -38.88, -62.073, 20],
  ['Monte Hermoso', -38.983, -61.297, 20],
  ['Las Flores', -36.014, -59.1, 20],
  ['Saladillo', -35.638, -59.778, 20],
  ['Veinticinco de Mayo', -35.433, -60.173, 20, ['25 de Mayo']],
  ['Lobos', -35.185, -59.095, 20],
  ['Coronel Brandsen', -35.168, -58.234, 20, ['Brandsen']],
  ['Magdalena', -35.08, -57.517, 20],
  ['Coronel Pringles', -37.983, -61.35, 20],
  ['Benito Juárez', -37.677, -59.806, 20],
  ['Ayacucho', -37.152, -58.488, 20],
  ['Rauch', -36.774, -59.089, 20],
  ['General Madariaga', -37.0, -57.136, 20],
  ['Salto', -34.293, -60.255, 20],
  ['Colón', -33.895, -61.1, 20],
  ['Rojas', -34.195, -60.735, 20],
  ['General Villegas', -35.032, -63.012, 20],
  ['Carlos Casares', -35.623, -61.364, 20],
  ['Carhué', -37.177, -62.76, 20],
  ['Pigüé', -37.606, -62.404, 20],
];

/** Argentina's mainland, clockwise from the Cerro Zapaleri tripoint ([lat, lng]). */
const ARGENTINA_CONTINENTAL: readonly Punto[] = [
  // Bolivia
  [-22.82, -67.2],
  [-21.78, -66.22],
  [-22.05, -65.6],
  [-21.98, -64.9],
  [-22.05, -64.55],
  [-22.8, -64.33],
  [-22.35, -64.0],
  [-21.98, -63.7],
  [-22.23, -62.64],
  // Paraguay: Pilcomayo, Paraguay and Paraná rivers
  [-22.9, -61.9],
  [-23.6, -60.7],
  [-24.3, -59.5],
  [-24.9, -58.4],
  [-25.28, -57.68],
  [-26.18, -58.14],
  [-27.25, -58.62],
  [-27.22, -58.2],
  [-27.35, -57.6],
  [-27.47, -56.75],
  [-27.345, -55.95],
  [-27.3, -55.8],
  [-27.25, -55.6],
  [-26.95, -55.2],
  [-26.6, -54.85],
  [-26.25, -54.7],
  [-25.9, -54.65],
  [-25.59, -54.62],
  // Brasil: Iguazú, Peperí-Guazú and Uruguay rivers
  [-25.6, -53.83],
  [-26.26, -53.62],
  [-26.9, -53.75],
  [-27.3, -54.15],
  [-27.75, -54.85],
  [-28.1, -55.5],
  [-28.55, -56.0],
  [-29.2, -56.55],
  [-29.47, -56.78],
  [-29.72, -57.06],
  [-30.2, -57.58],
  // Uruguay and the Río de la Plata
  [-31.4, -57.99],
  [-32.25, -58.09],
  [-33.1, -58.33],
  [-33.85, -58.42],
  [-34.05, -58.3],
  [-34.4, -58.2],
  [-34.65, -57.95],
  [-35.35, -57.0],
  // Atlantic coast
  [-36.3, -56.55],
  [-36.9, -56.5],
  [-37.3, -56.8],
  [-38.05, -57.4],
  [-38.35, -57.7],
  [-38.65, -58.65],
  [-39.05, -61.25],
  [-39.35, -62.0],
  [-40.65, -62.05],
  [-41.15, -62.95],
  [-42.05, -63.6],
  [-42.8, -63.55],
  [-42.97, -64.3],
  [-43.3, -64.95],
  [-44.95, -65.5],
  [-47.1, -65.75],
  [-47.75, -65.75],
  [-48.4, -66.2],
  [-49.3, -67.55],
  [-50.05, -68.3],
  [-50.8, -68.85],
  [-51.6, -68.85],
  [-52.35, -68.3],
  // Chile, from Punta Dúngeness north along the Andes
  [-52.4, -68.45],
  [-52.13, -69.55],
  [-52.0, -70.5],
  [-51.95, -71.95],
  [-51.75, -72.25],
  [-51.5, -72.45],
  [-51.2, -72.45],
  [-50.7, -73.25],
  [-49.6, -73.5],
  [-49.0, -73.2],
  [-48.6, -72.6],
  [-48.0, -72.3],
  [-47.4, -72.0],
  [-46.8, -71.9],
  [-46.55, -71.67],
  [-45.9, -71.55],
  [-45.5, -71.55],
  [-45.0, -71.55],
  [-44.2, -71.75],
  [-43.2, -71.75],
  [-42.2, -71.75],
  [-41.5, -71.9],
  [-41.0, -71.95],
  [-40.7, -71.95],
  [-40.1, -71.7],
  [-39.6, -71.5],
  [-39.0, -71.2],
  [-38.6, -70.9],
  [-37.8, -71.15],
  [-37.2, -71.0],
  [-36.5, -70.75],
  [-36.0, -70.55],
  [-35.2, -70.5],
  [-34.5, -70.3],
  [-34.0, -69.95],
  [-33.4, -69.8],
  [-32.9, -70.05],
  [-32.3, -70.2],
  [-31.5, -70.35],
  [-30.2, -69.85],
  [-29.3, -69.85],
  [-28.4, -69.25],
  [-27.6, -68.9],
  [-27.0, -68.4],
  [-26.2, -68.5],
  [-25.2, -68.5],
  [-24.75, -68.55],
  [-24.45, -68.3],
  [-24.0, -67.55],
  [-23.25, -67.0],
];

/** The Argentine part of Isla Grande de Tierra del Fuego ([lat, lng]). */
const TIERRA_DEL_FUEGO: readonly Punto[] = [
  [-52.66, -68.61],
  [-52.9, -68.2],
  [-53.5, -67.6],
  [-53.8, -67.5],
  [-54.3, -66.4],
  [-54.62, -65.05],
  [-54.92, -65.9],
  [-54.92, -66.5],
  [-54.9, -67.3],
  [-54.87, -68.61],
];

/** The Ciudad Autónoma de Buenos Aires: Av. General Paz, the Riachuelo and the river. */
const LIMITE_CABA: readonly Punto[] = [
  [-34.536, -58.461],
  [-34.546, -58.477],
  [-34.556, -58.496],
  [-34.573, -58.514],
  [-34.593, -58.529],
  [-34.615, -58.531],
  [-34.639, -58.53],
  [-34.656, -58.529],
  [-34.67, -58.51],
  [-34.688, -58.485],
  [-34.705, -58.461],
  [-34.687, -58.442],
  [-34.67, -58.428],
  [-34.659, -58.413],
  [-34.656, -58.396],
  [-34.65, -58.38],
  [-34.64, -58.357],
  [-34.636, -58.35],
  [-34.615, -58.339],
  [-34.595, -58.356],
  [-34.578, -58.374],
  [-34.565, -58.395],
  [-34.553, -58.415],
  [-34.543, -58.438],
];
