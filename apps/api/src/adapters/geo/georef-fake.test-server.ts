import { createServer, type Server } from 'node:http';
import { escucharEnLoopback } from '../../test/escuchar-en-loopback';

/**
 * A local stand-in for Georef AR (apis.datos.gob.ar/georef/api) for the tests: it answers
 * `/direcciones`, `/localidades` and `/ubicacion` with the shapes of Georef's documentation,
 * records every request, and can be told to fail.
 */
export interface GeorefFake {
  /** Like 'http://127.0.0.1:PORT/georef/api'. */
  baseUrl: string;
  solicitudes: { ruta: string; parametros: Record<string, string> }[];
  /** 'caida': 500; 'html': a 200 that is not JSON; 'otra-forma': JSON of another shape; 'lenta': answers after 2 s. */
  modo: 'normal' | 'caida' | 'html' | 'otra-forma' | 'lenta';
  close(): Promise<void>;
}

const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const CABA = { id: '02', nombre: 'Ciudad Autónoma de Buenos Aires' };
const sinDatos = { id: null, nombre: null, fuente: null };

const direccionCorrientes = {
  altura: { unidad: null, valor: 1234 },
  calle: { categoria: 'AV', id: '0200101007350', nombre: 'AV CORRIENTES' },
  calle_cruce_1: { categoria: null, id: null, nombre: null },
  calle_cruce_2: { categoria: null, id: null, nombre: null },
  departamento: { id: '02001', nombre: 'Comuna 1' },
  localidad_censal: { id: '02000010', nombre: 'Ciudad Autónoma de Buenos Aires' },
  nomenclatura: 'AV CORRIENTES 1234, Comuna 1, Ciudad Autónoma de Buenos Aires',
  piso: null,
  provincia: CABA,
  ubicacion: { lat: -34.6040188, lon: -58.3846357 },
};

const DIRECCIONES: Record<string, object[]> = {
  'av corrientes 1234': [direccionCorrientes],
  'florida 2950': [
    {
      altura: { unidad: null, valor: 2950 },
      calle: { categoria: 'CALLE', id: '0653901002985', nombre: 'FLORIDA' },
      calle_cruce_1: { categoria: null, id: null, nombre: null },
      calle_cruce_2: { categoria: null, id: null, nombre: null },
      departamento: { id: '06539', nombre: 'Merlo' },
      localidad_censal: { id: '06539010', nombre: 'Merlo' },
      nomenclatura: 'FLORIDA 2950, Merlo, Buenos Aires',
      piso: null,
      provincia: { id: '06', nombre: 'Buenos Aires' },
      ubicacion: { lat: -34.71409079053823, lon: -58.73469942899891 },
    },
    {
      // A street whose numbering Georef cannot place: no coordinates.
      altura: { unidad: null, valor: 2950 },
      calle: { categoria: 'CALLE', id: '0642701000830', nombre: 'FLORIDA' },
      departamento: { id: '06427', nombre: 'La Matanza' },
      localidad_censal: { id: '06427010', nombre: 'La Matanza' },
      nomenclatura: 'FLORIDA 2950, La Matanza, Buenos Aires',
      provincia: { id: '06', nombre: 'Buenos Aires' },
      ubicacion: { lat: null, lon: null },
    },
  ],
};

const LOCALIDADES: Record<string, object[]> = {
  'carlos paz': [
    {
      categoria: 'Componente de localidad compuesta',
      centroide: { lat: -31.4240971, lon: -64.4977981 },
      departamento: { id: '14091', nombre: 'Punilla' },
      fuente: 'INDEC',
      id: '14091230000',
      localidad_censal: { id: '14091230', nombre: 'Villa Carlos Paz' },
      municipio: { id: '140672', nombre: 'Villa Carlos Paz' },
      nombre: 'VILLA CARLOS PAZ',
      provincia: { id: '14', nombre: 'Córdoba' },
    },
  ],
  palermo: [
    {
      categoria: 'Entidad',
      centroide: { lat: -34.5803, lon: -58.4245 },
      departamento: { id: '02014', nombre: 'Comuna 14' },
      fuente: 'INDEC',
      id: '02014010001',
      localidad_censal: { id: '02000010', nombre: 'Ciudad Autónoma de Buenos Aires' },
      municipio: { id: null, nombre: null },
      nombre: 'PALERMO',
      provincia: CABA,
    },
  ],
};

/** `/ubicacion` answers by the `lat,lon` received; any other point is outside Argentina. */
const UBICACIONES: Record<string, object> = {
  '-31.4201,-64.1888': {
    departamento: { id: '14014', nombre: 'Capital' },
    municipio: { id: '140070', nombre: 'Córdoba' },
    provincia: { id: '14', nombre: 'Córdoba' },
  },
  '-34.6037,-58.3816': {
    departamento: { id: '02001', nombre: 'Comuna 1' },
    municipio: { id: null, nombre: null },
    provincia: CABA,
  },
  '-34.5889,-58.4108': {
    departamento: { id: '02014', nombre: 'Comuna 14' },
    municipio: { id: null, nombre: null },
    provincia: CABA,
    calle: { id: '0201401011650', nombre: 'AV SANTA FE', fuente: 'INDEC', altura: 3253 },
  },
  '-54.8019,-68.303': {
    departamento: { id: '94015', nombre: 'Ushuaia' },
    municipio: { id: '940015', nombre: 'Ushuaia' },
    provincia: { id: '94', nombre: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur' },
  },
  // Some deployments answer a null province instead of one with null fields.
  '-35,-50': { departamento: null, municipio: null, provincia: null },
};

const respuestaPaginada = (
  recurso: string,
  items: object[],
  parametros: Record<string, string>,
) => ({
  [recurso]: items,
  cantidad: items.length,
  total: items.length,
  inicio: 0,
  parametros,
});

export async function startGeorefFake(): Promise<GeorefFake> {
  const solicitudes: GeorefFake['solicitudes'] = [];
  const fake = { modo: 'normal' as GeorefFake['modo'] };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parametros = Object.fromEntries(url.searchParams);
    solicitudes.push({ ruta: url.pathname, parametros });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };

    if (fake.modo === 'lenta') {
      setTimeout(() => json(200, { direcciones: [], localidades: [] }), 2000).unref();
      return;
    }
    if (fake.modo === 'caida') return json(500, { errores: [{ mensaje: 'Error interno' }] });
    if (fake.modo === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Mantenimiento</body></html>');
    }
    if (fake.modo === 'otra-forma') return json(200, { resultados: 'no es lo esperado' });

    const clave = normalizar(parametros.direccion ?? parametros.nombre ?? '');
    switch (url.pathname) {
      case '/georef/api/direcciones':
        return json(200, respuestaPaginada('direcciones', DIRECCIONES[clave] ?? [], parametros));
      case '/georef/api/localidades':
        return json(200, respuestaPaginada('localidades', LOCALIDADES[clave] ?? [], parametros));
      case '/georef/api/ubicacion': {
        const encontrada = UBICACIONES[`${parametros.lat},${parametros.lon}`] ?? {
          departamento: sinDatos,
          municipio: sinDatos,
          provincia: sinDatos,
        };
        return json(200, {
          ubicacion: {
            fuente: 'IGN',
            lat: Number(parametros.lat),
            lon: Number(parametros.lon),
            ...encontrada,
          },
          parametros,
        });
      }
      default:
        return json(404, { errores: [{ mensaje: 'Recurso no encontrado' }] });
    }
  });

  const { puerto, cerrar } = await escucharEnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${puerto}/georef/api`,
    solicitudes,
    get modo() {
      return fake.modo;
    },
    set modo(modo) {
      fake.modo = modo;
    },
    close: cerrar,
  };
}
