import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crearTiendaResponseSchema } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiendas } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { CATEGORIAS_GLOBALES } from '../../demo/reference-data';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let coberturaId: string;
let logo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const coberturas = (await t.app.inject({ url: '/api/cobertura/obtenerCoberturas' })).json();
  coberturaId = coberturas[0]._id;
  logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0a7' } })
    .withExif({ IFD0: { Copyright: 'vendedor-secreto' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const DIRECCION = {
  direccion: 'Av. Santa Fe 3200',
  latitud: -34.5889,
  longitud: -58.4108,
  codigoPostal: 'C1425',
  provincia: 'Ciudad Autónoma de Buenos Aires',
  ciudad: 'Palermo',
  departamento: null,
  descripcion: null,
};

const campos = (who: LoggedIn, cambios: Record<string, string> = {}) => ({
  userId: who.userId,
  nombre: 'Almacén de Prueba',
  descripcion: 'Secos y frescos del barrio',
  telefono: '+54 11 5555-0000',
  email: 'tienda@example.com',
  razonSocial: 'Almacén de Prueba SRL',
  categoriaGlobal: CATEGORIAS_GLOBALES[0]?.id ?? '',
  cobertura: coberturaId,
  direccion: JSON.stringify(DIRECCION),
  ...cambios,
});

/** POST /api/tienda/crear as a real multipart form (fields, then the files given). */
async function crear(
  who: LoggedIn | null,
  fields: Record<string, string>,
  files: { campo: string; data: Buffer }[] = [{ campo: 'logo', data: logo }],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { campo, data } of files) {
    form.append(campo, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'logo.jpg');
  }
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/tienda/crear',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(who ? who.auth : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const logosGuardados = () => {
  const dir = join(t.dataDir, 'uploads', 'tiendas');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe('POST /api/tienda/crear', () => {
  it('opens the store waiting for review, with its logo re-encoded and without metadata', async () => {
    const vendedor = await registerAndLogin(t.app);
    const res = await crear(vendedor, campos(vendedor));
    expect(res.statusCode).toBe(201);
    const { tienda, mensaje } = crearTiendaResponseSchema.parse(res.json());
    expect(mensaje).toBe('Tienda creada');
    expect(tienda).toMatchObject({ nombre: 'Almacén de Prueba', habilitada: false });
    expect(tienda.logo).toMatch(/^\/uploads\/tiendas\/[0-9a-f-]{36}\.jpg$/);

    const servido = await t.app.inject({ url: tienda.logo ?? '' });
    expect(servido.statusCode).toBe(200);
    expect((await sharp(servido.rawPayload).metadata()).exif).toBeUndefined();
    expect(servido.rawPayload.includes(Buffer.from('vendedor-secreto'))).toBe(false);

    const ask = (url: string) => t.app.inject({ url, headers: vendedor.auth });
    expect((await ask(`/api/tienda/esta-habilitada/${vendedor.userId}`)).json()).toEqual({
      habilitada: false,
    });
    expect((await ask(`/api/tienda/por-usuario/${vendedor.userId}`)).json().tienda._id).toBe(
      tienda._id,
    );
    const convertir = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/convertirEnVendedor',
      headers: vendedor.auth,
      payload: { userId: vendedor.userId },
    });
    expect(convertir.json()).toEqual({ esVendedor: true });
  });

  it("keeps the store's street and number, its one-line direccion composed from them", async () => {
    const vendedor = await registerAndLogin(t.app);
    const { direccion: _linea, ...sinLinea } = DIRECCION;
    const res = await crear(
      vendedor,
      campos(vendedor, {
        direccion: JSON.stringify({
          ...sinLinea,
          calle: 'Av. Santa Fe',
          altura: '3200',
          departamento: 'PB',
        }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const [guardada] = await t.database.db
      .select({
        direccion: tiendas.direccion,
        calle: tiendas.calle,
        altura: tiendas.altura,
        departamento: tiendas.departamento,
      })
      .from(tiendas)
      .where(eq(tiendas.id, res.json().tienda._id));
    expect(guardada).toEqual({
      direccion: 'Av. Santa Fe 3200',
      calle: 'Av. Santa Fe',
      altura: '3200',
      departamento: 'PB',
    });

    const sinAltura = await crear(
      vendedor,
      campos(vendedor, { direccion: JSON.stringify({ ...sinLinea, calle: 'Av. Santa Fe' }) }),
    );
    expect(sinAltura.statusCode).toBe(400);
    expect(sinAltura.json().detalles).toContainEqual({
      campo: 'direccion.altura',
      mensaje: 'La altura es obligatoria',
    });
  });

  it('keeps one store per user: a second is 409 and leaves no file behind', async () => {
    const vendedor = await registerAndLogin(t.app);
    expect((await crear(vendedor, campos(vendedor))).statusCode).toBe(201);
    const antes = logosGuardados();
    const segunda = await crear(vendedor, campos(vendedor, { nombre: 'Otra' }));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toMatchObject({
      code: 'TIENDA_EXISTENTE',
      error: 'Ya tienes una tienda',
    });
    expect(logosGuardados()).toBe(antes);
  });

  it('opens a store only for the caller: 403 for another user, 401 anonymous', async () => {
    const ana = await registerAndLogin(t.app);
    const beto = await registerAndLogin(t.app);
    expect((await crear(beto, campos(ana))).statusCode).toBe(403);
    expect((await crear(null, campos(ana))).statusCode).toBe(401);
  });

  it('an admin opening a store for an id of no account gets 404, not 500, and no file stays', async () => {
    // Found by the contract test (security/contrato.property.test.ts): the insert broke the
    // foreign key of the store's owner.
    const admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
    const antes = logosGuardados();
    const res = await crear(admin, { ...campos(admin), userId: 'bcb667affb38eb8d3caf7288' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USUARIO_NO_ENCONTRADO' });
    expect(logosGuardados()).toBe(antes);
  });

  it('refuses a missing, fake or polyglot logo with the spec texts', async () => {
    const vendedor = await registerAndLogin(t.app);
    const sinLogo = await crear(vendedor, campos(vendedor), []);
    expect(sinLogo.statusCode).toBe(400);
    expect(sinLogo.json().code).toBe('IMAGEN_REQUERIDA');

    const antes = logosGuardados();
    for (const data of [
      Buffer.from('no soy una imagen, aunque me llame logo.jpg'),
      Buffer.concat([logo, Buffer.from('<script>alert(1)</script>')]),
    ]) {
      const res = await crear(vendedor, campos(vendedor), [{ campo: 'logo', data }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IMAGEN_NO_SOPORTADA');
    }
    expect(logosGuardados()).toBe(antes);
  });

  it('refuses a logo over 5 MB and a second file with 413, another file field with 400', async () => {
    const vendedor = await registerAndLogin(t.app);
    const grande = await crear(vendedor, campos(vendedor), [
      { campo: 'logo', data: Buffer.alloc(6 * 1024 * 1024, 0xff) },
    ]);
    expect(grande.statusCode).toBe(413);
    expect(grande.json().code).toBe('CUERPO_DEMASIADO_GRANDE');
    const dos = await crear(vendedor, campos(vendedor), [
      { campo: 'logo', data: logo },
      { campo: 'logo', data: logo },
    ]);
    expect(dos.statusCode).toBe(413);
    const otro = await crear(vendedor, campos(vendedor), [{ campo: 'foto', data: logo }]);
    expect(otro.statusCode).toBe(400);
    expect(otro.json().detalles).toEqual([
      { campo: 'foto', mensaje: 'Este campo no acepta archivos' },
    ]);
  });

  it('names each invalid field: address, coordinates, category, coverage, required text', async () => {
    const vendedor = await registerAndLogin(t.app);
    const campo = async (cambios: Record<string, string>) => {
      const res = await crear(vendedor, campos(vendedor, cambios));
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect((await campo({ direccion: '{no es json' })).detalles[0].campo).toBe('direccion');
    expect(
      (await campo({ direccion: JSON.stringify({ ...DIRECCION, latitud: 123 }) })).detalles[0]
        .campo,
    ).toBe('direccion.latitud');
    expect((await campo({ nombre: '   ' })).detalles[0].campo).toBe('nombre');
    expect((await campo({ categoriaGlobal: 'ca0000000000000000000999' })).code).toBe(
      'CATEGORIA_NO_ENCONTRADA',
    );
    expect((await campo({ cobertura: 'cb0000000000000000000999' })).code).toBe(
      'COBERTURA_NO_ENCONTRADA',
    );
  });

  it('answers 415 to a request that is not a multipart form', async () => {
    const vendedor = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tienda/crear',
      headers: vendedor.auth,
      payload: campos(vendedor),
    });
    expect(res.statusCode).toBe(415);
  });
});
