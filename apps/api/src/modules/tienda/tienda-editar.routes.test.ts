import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  editarTiendaResponseSchema,
  tiendaPorUsuarioResponseSchema,
} from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIAS_GLOBALES } from '../../demo/reference-data';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claveDeLogo } from './tienda.service';

let t: TestApp;
let coberturaId: string;
let logo: Buffer;
let otroLogo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const coberturas = (await t.app.inject({ url: '/api/cobertura/obtenerCoberturas' })).json();
  coberturaId = coberturas[0]._id;
  const jpeg = (background: string) =>
    sharp({ create: { width: 300, height: 200, channels: 3, background } })
      .withExif({ IFD0: { Copyright: 'vendedor-secreto' } })
      .jpeg()
      .toBuffer();
  [logo, otroLogo] = await Promise.all([jpeg('#0a7'), jpeg('#c40')]);
});
afterAll(() => t.close());

/** A multipart request: the fields, then the files given. */
async function multipart(
  method: 'POST' | 'PUT',
  url: string,
  who: LoggedIn | null,
  fields: Record<string, string>,
  files: { campo: string; data: Buffer }[],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { campo, data } of files) {
    form.append(campo, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'logo.jpg');
  }
  const encoded = new Response(form);
  return t.app.inject({
    method,
    url,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(who ? who.auth : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A fresh seller with a store opened through the API (its logo stored by the server). */
async function vendedorConTienda(): Promise<LoggedIn & { logo: string }> {
  const vendedor = await registerAndLogin(t.app);
  const res = await multipart(
    'POST',
    '/api/tienda/crear',
    vendedor,
    {
      userId: vendedor.userId,
      nombre: 'Almacén de Prueba',
      descripcion: 'Secos y frescos del barrio',
      telefono: '+54 11 5555-0000',
      email: 'tienda@example.com',
      razonSocial: 'Almacén de Prueba SRL',
      categoriaGlobal: CATEGORIAS_GLOBALES[0]?.id ?? '',
      cobertura: coberturaId,
      direccion: JSON.stringify({
        direccion: 'Av. Santa Fe 3200',
        latitud: -34.5889,
        longitud: -58.4108,
        codigoPostal: 'C1425',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        ciudad: 'Palermo',
        departamento: null,
        descripcion: null,
      }),
    },
    [{ campo: 'logo', data: logo }],
  );
  if (res.statusCode !== 201) throw new Error(`crear falló: ${res.body}`);
  return { ...vendedor, logo: res.json().tienda.logo };
}

const CAMPOS = {
  nombre: '  Almacén Renovado  ',
  descripcion: 'Ahora también frescos',
  telefono: '+54 11 4444-1111',
  email: 'Contacto@Renovado.com.ar',
  razonSocial: 'Almacén Renovado SA',
};

const editar = (
  who: LoggedIn | null,
  userId: string,
  files: { campo: string; data: Buffer }[] = [],
  campos: Record<string, string> = CAMPOS,
) => multipart('PUT', `/api/tienda/editar/${userId}`, who, campos, files);

const logosGuardados = () => {
  const dir = join(t.dataDir, 'uploads', 'tiendas');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const archivoDe = (url: string) => url.replace(/^\/uploads\//, '');
const existe = (url: string) => existsSync(join(t.dataDir, 'uploads', archivoDe(url)));

describe('PUT /api/tienda/editar/{userId}', () => {
  it("updates the seller's store data, trimmed, and keeps the logo when none is sent", async () => {
    const vendedor = await vendedorConTienda();
    const antes = logosGuardados();
    const res = await editar(vendedor, vendedor.userId);
    expect(res.statusCode).toBe(200);
    const { mensaje, tienda } = editarTiendaResponseSchema.parse(res.json());
    expect(mensaje).toBe('Tienda actualizada correctamente');
    expect(tienda).toMatchObject({
      nombre: 'Almacén Renovado',
      descripcion: 'Ahora también frescos',
      telefono: '+54 11 4444-1111',
      email: 'contacto@renovado.com.ar',
      razonSocial: 'Almacén Renovado SA',
      logo: vendedor.logo,
    });
    const leida = await t.app.inject({
      url: `/api/tienda/por-usuario/${vendedor.userId}`,
      headers: vendedor.auth,
    });
    expect(tiendaPorUsuarioResponseSchema.parse(leida.json()).tienda).toEqual(tienda);
    expect(logosGuardados()).toEqual(antes);
  });

  it('takes a description at its limit with line breaks, which a form sends as CRLF', async () => {
    // Found by the contract test (security/contrato.property.test.ts): each line break counted
    // twice, so 1000 characters with breaks were refused as too long.
    const vendedor = await vendedorConTienda();
    const descripcion = `${'Secos y frescos\n'.repeat(62)}Barrio 🛒`.padEnd(1000, '.');
    expect([...descripcion]).toHaveLength(1000);
    const res = await editar(vendedor, vendedor.userId, [], { ...CAMPOS, descripcion });
    expect(res.statusCode).toBe(200);
    expect(editarTiendaResponseSchema.parse(res.json()).tienda.descripcion).toBe(descripcion);
  });

  it('stores a new logo under a new name, re-encoded, and removes the old file after the change', async () => {
    const vendedor = await vendedorConTienda();
    expect(existe(vendedor.logo)).toBe(true);
    const res = await editar(vendedor, vendedor.userId, [{ campo: 'logoTienda', data: otroLogo }]);
    expect(res.statusCode).toBe(200);
    const nuevo = res.json().tienda.logo as string;
    expect(nuevo).toMatch(/^\/uploads\/tiendas\/[0-9a-f-]{36}\.jpg$/);
    expect(nuevo).not.toBe(vendedor.logo);
    expect(existe(nuevo)).toBe(true);
    expect(existe(vendedor.logo)).toBe(false);

    const servido = await t.app.inject({ url: nuevo });
    expect(servido.statusCode).toBe(200);
    expect((await sharp(servido.rawPayload).metadata()).exif).toBeUndefined();
    expect(servido.rawPayload.includes(Buffer.from('vendedor-secreto'))).toBe(false);
  });

  it('leaves no file behind when the change fails, and keeps the old logo', async () => {
    const vendedor = await vendedorConTienda();
    // The database refuses this one store's update (after the new logo was stored).
    await t.database.db.execute(sql`
      create function rechazar_edicion() returns trigger language plpgsql as $$
      begin raise exception 'edición rechazada'; end $$`);
    await t.database.db.execute(sql`
      create trigger rechazar_edicion before update on tiendas for each row
        when (new.nombre = 'Falla Segura') execute function rechazar_edicion()`);
    try {
      const antes = logosGuardados();
      const res = await editar(
        vendedor,
        vendedor.userId,
        [{ campo: 'logoTienda', data: otroLogo }],
        {
          ...CAMPOS,
          nombre: 'Falla Segura',
        },
      );
      expect(res.statusCode).toBe(500);
      expect(logosGuardados()).toEqual(antes);
      expect(existe(vendedor.logo)).toBe(true);
      const leida = await t.app.inject({
        url: `/api/tienda/por-usuario/${vendedor.userId}`,
        headers: vendedor.auth,
      });
      expect(leida.json().tienda).toMatchObject({
        nombre: 'Almacén de Prueba',
        logo: vendedor.logo,
      });
    } finally {
      await t.database.db.execute(sql`drop trigger rechazar_edicion on tiendas`);
      await t.database.db.execute(sql`drop function rechazar_edicion()`);
    }
  });

  it('of two edits with logos at once, keeps the last logo and no other file', async () => {
    const vendedor = await vendedorConTienda();
    const antes = logosGuardados().filter((f) => f !== archivoDe(vendedor.logo).split('/')[1]);
    const [a, b] = await Promise.all([
      editar(vendedor, vendedor.userId, [{ campo: 'logoTienda', data: logo }]),
      editar(vendedor, vendedor.userId, [{ campo: 'logoTienda', data: otroLogo }]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (
      await t.app.inject({
        url: `/api/tienda/por-usuario/${vendedor.userId}`,
        headers: vendedor.auth,
      })
    ).json().tienda.logo as string;
    expect([a.json().tienda.logo, b.json().tienda.logo]).toContain(final);
    expect(logosGuardados()).toEqual([...antes, archivoDe(final).split('/')[1]].sort());
  });

  it('refuses a fake, a polyglot or an oversized logo and changes nothing', async () => {
    const vendedor = await vendedorConTienda();
    const antes = logosGuardados();
    for (const data of [
      Buffer.from('no soy una imagen, aunque me llame logo.jpg'),
      Buffer.concat([logo, Buffer.from('<script>alert(1)</script>')]),
    ]) {
      const res = await editar(vendedor, vendedor.userId, [{ campo: 'logoTienda', data }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IMAGEN_NO_SOPORTADA',
        mensaje:
          'Formato de imagen no soportado. Por favor sube una imagen en formato JPG, PNG, GIF o WEBP.',
      });
    }
    const grande = await editar(vendedor, vendedor.userId, [
      { campo: 'logoTienda', data: Buffer.alloc(6 * 1024 * 1024, 0xff) },
    ]);
    expect(grande.statusCode).toBe(413);
    expect(grande.json().code).toBe('CUERPO_DEMASIADO_GRANDE');
    expect(logosGuardados()).toEqual(antes);
    const leida = await t.app.inject({
      url: `/api/tienda/por-usuario/${vendedor.userId}`,
      headers: vendedor.auth,
    });
    expect(leida.json().tienda).toMatchObject({ nombre: 'Almacén de Prueba', logo: vendedor.logo });
  });

  it("answers the form's texts for required fields, and refuses a file under another name", async () => {
    const vendedor = await vendedorConTienda();
    const res = await editar(vendedor, vendedor.userId, [], {
      ...CAMPOS,
      nombre: '   ',
      telefono: '',
      email: '',
      razonSocial: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', mensaje: 'El nombre de la tienda es obligatorio' },
        { campo: 'telefono', mensaje: 'El teléfono es obligatorio' },
        { campo: 'email', mensaje: 'El email es obligatorio' },
        { campo: 'razonSocial', mensaje: 'La razón social es obligatoria' },
      ]),
    );
    const otroCampo = await editar(vendedor, vendedor.userId, [{ campo: 'logo', data: logo }]);
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().detalles).toEqual([
      { campo: 'logo', mensaje: 'Este campo no acepta archivos' },
    ]);
  });

  it('edits only the own store: 403 for another user, 401 anonymous, 404 without a store', async () => {
    const vendedor = await vendedorConTienda();
    const otro = await registerAndLogin(t.app);
    const ajena = await editar(otro, vendedor.userId, [{ campo: 'logoTienda', data: otroLogo }]);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().code).toBe('ACCESO_DENEGADO');
    expect((await editar(null, vendedor.userId)).statusCode).toBe(401);
    const sinTienda = await editar(otro, otro.userId);
    expect(sinTienda.statusCode).toBe(404);
    expect(sinTienda.json()).toMatchObject({
      code: 'TIENDA_NO_ENCONTRADA',
      error: 'Tienda no encontrada',
    });
  });
});

describe('claveDeLogo', () => {
  it('recognises only the files this server stored for store logos', () => {
    const uuid = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    expect(claveDeLogo(`/uploads/tiendas/${uuid}.jpg`)).toBe(`tiendas/${uuid}.jpg`);
    expect(claveDeLogo(`https://cdn.ejemplo.com/fotos/tiendas/${uuid}.jpg`)).toBe(
      `tiendas/${uuid}.jpg`,
    );
    expect(claveDeLogo('/uploads/tiendas/a10000000000000000000001.jpg')).toBe(
      'tiendas/a10000000000000000000001.jpg',
    );
    for (const ajena of [
      null,
      '',
      'https://ejemplo.com/logo.png',
      `/uploads/productos/${uuid}.jpg`,
      '/uploads/tiendas/../../config.jpg',
      `/uploads/tiendas/${uuid}.jpg?v=2`,
      `/uploads/xtiendas/${uuid}.jpg`,
    ]) {
      expect(claveDeLogo(ajena)).toBeNull();
    }
  });
});
