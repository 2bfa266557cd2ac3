import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import {
  type MercadoPagoFake,
  startMercadoPagoFake,
} from '../../apps/api/src/adapters/payments/mercadopago-fake.test-server';
import { loadConfig } from '../../apps/api/src/config';
import { freePort } from '../../apps/api/src/test/puerto-libre';
import { startTestS3Server, type TestS3Server } from '../../apps/api/src/test/s3-server';
import { baseDeDatosPropia, borrarClavesDeRedis } from '../../apps/api/src/test/servicios-propios';
import { type SmtpDePrueba, startSmtpDePrueba } from '../../apps/api/src/test/smtp-de-prueba';
import { armarEtapa, type EtapaArmada, etapaDeConstruccion, leerDockerfile } from './dockerfile';

/*
 * The image is the tested artifact (issue 33). No machine of the project has Docker, so this
 * assembles the Dockerfile's `runtime` stage as it lists it: each COPY (from the context, or from
 * the build stage, which is this checkout after `npm run build`) into a folder outside the
 * checkout, and its `npm ci` run there. Then its CMD starts in production with the reference
 * deployment's settings (compose.yaml: PostgreSQL, Redis, an S3 bucket, SMTP, Mercado Pago
 * behind a proxy), each played by a loopback server, and a seller does what the image must
 * serve: sign up, sign in, upload a logo and a picture, and see the product's page arrive drawn
 * on the server. A file the runtime needs and the Dockerfile forgets fails here.
 *
 *   npm run build && npm run test:imagen
 */

const checkout = resolve(import.meta.dirname, '../..');
/** The Dockerfile under test; IMAGEN_DOCKERFILE points at another (an older one, say). */
const dockerfile = resolve(process.env.IMAGEN_DOCKERFILE || join(checkout, 'Dockerfile'));
/** The public address, as an operator sets it; the test plays the proxy in front (Caddy). */
const PUBLIC_URL = 'https://compras.example.com.ar';
const DEL_PROXY = {
  'x-forwarded-host': new URL(PUBLIC_URL).host,
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.7',
};

const falta = !process.env.TEST_DATABASE_URL
  ? 'definí TEST_DATABASE_URL (PostgreSQL)'
  : !process.env.TEST_REDIS_URL
    ? 'definí TEST_REDIS_URL (Redis)'
    : !existsSync(join(checkout, 'apps/api/dist/server.js'))
      ? 'falta el build: corré npm run build'
      : undefined;

/** Polls `check` until it answers something, or fails after `ms` with `what`. */
async function esperar<T>(what: string, ms: number, check: () => Promise<T | undefined>) {
  const hasta = Date.now() + ms;
  for (;;) {
    const valor = await check();
    if (valor !== undefined) return valor;
    if (Date.now() > hasta) throw new Error(`${what}: no pasó en ${ms / 1000} s`);
    // The pause between two looks at the condition, not a wait for time to pass.
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('la imagen: la etapa runtime del Dockerfile, armada y en producción', {
  skip: falta,
}, () => {
  const id = randomBytes(4).toString('hex');
  const limpiezas: (() => unknown)[] = [];
  const logs: string[] = [];
  let imagen: EtapaArmada;
  let servidor: ChildProcess;
  let terminado: Promise<number | string>;
  let base = '';
  let env: Record<string, string> = {};
  let s3: TestS3Server;
  let smtp: SmtpDePrueba;
  let mp: MercadoPagoFake;

  /** A request to the node as the proxy forwards it. */
  const pedir = (ruta: string, init: RequestInit = {}) =>
    fetch(`${base}${ruta}`, {
      redirect: 'manual',
      ...init,
      headers: { ...DEL_PROXY, ...(init.headers as Record<string, string>) },
    });
  const json = async <T>(respuesta: Response, estado = 200): Promise<T> => {
    const texto = await respuesta.text();
    assert.equal(respuesta.status, estado, `${respuesta.url}: ${texto}`);
    return JSON.parse(texto) as T;
  };

  /** The log of the assembly and the server, shown with a failed check. */
  const conLogs = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      // npm's output and the server's warnings and errors (JSON lines below level 40 left out).
      const importantes = logs
        .flatMap((l) => l.split('\n'))
        .filter((l) => {
          try {
            return ((JSON.parse(l) as { level?: number }).level ?? 0) >= 40;
          } catch {
            return true;
          }
        });
      console.error(`--- log de la imagen ---\n${importantes.join('\n').slice(-8000)}`);
      throw error;
    }
  };

  before(
    () =>
      conLogs(async () => {
        const inicio = Date.now();
        const etapas = leerDockerfile(readFileSync(dockerfile, 'utf8'));
        const runtime = etapas.find((e) => e.nombre === 'runtime');
        assert.ok(runtime, 'el Dockerfile no tiene una etapa runtime');
        const construcciones = Object.fromEntries(
          etapas
            .filter((e) => e.nombre && e !== runtime)
            .map((e) => [e.nombre as string, etapaDeConstruccion(e, checkout)]),
        );
        // Outside the checkout: nothing of it (its node_modules above all) is found by walking up.
        const raiz = mkdtempSync(join(tmpdir(), 'cg-imagen-'));
        limpiezas.push(() => rmSync(raiz, { recursive: true, force: true }));
        imagen = await armarEtapa(
          runtime,
          raiz,
          { contexto: checkout, etapas: construcciones },
          (l) => logs.push(l),
        );
        console.log(
          `etapa runtime armada en ${((Date.now() - inicio) / 1000).toFixed(1)} s (${runtime.imagen}); sin correr: ${imagen.omitidas.join('; ')}`,
        );

        const postgresUrl = process.env.TEST_DATABASE_URL as string;
        const baseDeDatos = await baseDeDatosPropia(postgresUrl, `cg_imagen_${id}`);
        limpiezas.push(baseDeDatos.borrar);
        const keyPrefix = `cg-imagen-${id}:`;
        limpiezas.push(() => borrarClavesDeRedis(process.env.TEST_REDIS_URL as string, keyPrefix));
        s3 = await startTestS3Server(`cg-imagen-${id}`);
        limpiezas.push(() => s3.close());
        smtp = await startSmtpDePrueba();
        limpiezas.push(() => smtp.close());
        mp = await startMercadoPagoFake();
        limpiezas.push(() => mp.close());

        const port = await freePort();
        base = `http://127.0.0.1:${port}`;
        // DATA_DIR as the image sets it, inside the assembled root (the RUN that makes it is skipped).
        const dataDir = join(raiz, imagen.env.DATA_DIR ?? '/app/data');
        mkdirSync(dataDir, { recursive: true });
        // compose.yaml's settings, with each service on loopback; nothing from this machine's env.
        env = {
          PATH: process.env.PATH ?? '',
          ...imagen.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL,
          TRUST_PROXY: '1',
          JWT_SECRET: randomBytes(36).toString('base64url'),
          DATABASE_URL: baseDeDatos.url,
          REDIS_URL: process.env.TEST_REDIS_URL as string,
          REDIS_KEY_PREFIX: keyPrefix,
          ...s3.env,
          METRICS_TOKEN: randomBytes(24).toString('base64url'),
          SMTP_URL: smtp.url,
          MP_CLIENT_ID: mp.clientId,
          MP_CLIENT_SECRET: mp.clientSecret,
          MP_REDIRECT_URI: `${PUBLIC_URL}/api/oauth/mercadopago/callback`,
          MP_AUTH_URL: mp.baseUrl,
          MP_API_URL: mp.baseUrl,
          MP_TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          MP_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
          SHUTDOWN_DRAIN_MS: '0',
        };
        const [programa = '', ...argumentos] = imagen.cmd;
        servidor = spawn(programa === 'node' ? process.execPath : programa, argumentos, {
          cwd: imagen.directorio,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        servidor.stdout?.on('data', (d: Buffer) => logs.push(d.toString('utf8').trimEnd()));
        servidor.stderr?.on('data', (d: Buffer) => logs.push(d.toString('utf8').trimEnd()));
        terminado = new Promise((done) =>
          servidor.once('exit', (code, signal) => done(code ?? signal ?? '?')),
        );
        limpiezas.push(async () => {
          if (servidor.exitCode === null && servidor.signalCode === null) servidor.kill('SIGTERM');
          await terminado;
        });
        await esperar('el servidor de la imagen responde', 60_000, async () => {
          if (servidor.exitCode !== null)
            throw new Error(`el servidor terminó (${servidor.exitCode})`);
          return fetch(`${base}/api/health/live`).then(
            (r) => (r.ok ? true : undefined),
            () => undefined,
          );
        });
        console.log(
          `servidor listo en ${((Date.now() - inicio) / 1000).toFixed(1)} s desde el inicio`,
        );
      }),
    { timeout: 300_000 },
  );

  after(async () => {
    for (const limpiar of limpiezas.reverse()) {
      await Promise.resolve()
        .then(limpiar)
        .catch((error: unknown) => console.error(error));
    }
  });

  it('reports ready (200), and the image HEALTHCHECK passes', () =>
    conLogs(async () => {
      assert.equal((await pedir('/api/health/ready')).status, 200);
      assert.ok(imagen.healthcheck, 'el Dockerfile no tiene HEALTHCHECK CMD');
      const chequeo = spawnSync('/bin/sh', ['-c', imagen.healthcheck], {
        env: { PATH: env.PATH, PORT: env.PORT },
        encoding: 'utf8',
      });
      assert.equal(chequeo.status, 0, `HEALTHCHECK: ${chequeo.stderr}`);
    }));

  const vendedor = {
    email: `vendedora-${id}@example.com`,
    contrasenia: 'una clave larga',
    userId: '',
    auth: {} as Record<string, string>,
    tiendaId: '',
    productoId: '',
  };
  const producto = `Yerba de la imagen ${id}`;

  it('signs a seller up (the verification email goes out by SMTP) and in', () =>
    conLogs(async () => {
      const { usuario } = await json<{ usuario: { _id: string } }>(
        await pedir('/api/usuario/registrar', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            nombre: 'Vendedora de la Imagen',
            telefono: '+54 11 5555-0000',
            email: vendedor.email,
            contrasenia: vendedor.contrasenia,
          }),
        }),
        201,
      );
      const { accessToken } = await json<{ accessToken: string }>(
        await pedir('/api/usuario/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: vendedor.email, contrasenia: vendedor.contrasenia }),
        }),
      );
      vendedor.userId = usuario._id;
      vendedor.auth = { authorization: `Bearer ${accessToken}` };
      const yo = await json<{ usuario: { email: string } }>(
        await pedir(`/api/usuario/${usuario._id}`, { headers: vendedor.auth }),
      );
      assert.equal(yo.usuario.email, vendedor.email);
      // Drawn with React Email and sent by nodemailer: both come from the image's node_modules.
      await esperar('el correo de verificación llega por SMTP', 20_000, async () =>
        smtp.recibidos.find((m) => m.sobre.para.includes(vendedor.email) && m.html)
          ? true
          : undefined,
      );
    }));

  it('uploads a store logo and a product picture to the bucket', () =>
    conLogs(async () => {
      const [categorias, coberturas] = await Promise.all([
        pedir('/api/categoria/getAllCategoria').then((r) => json<{ _id: string }[]>(r)),
        pedir('/api/cobertura/obtenerCoberturas').then((r) => json<{ _id: string }[]>(r)),
      ]);
      const png = (r: number, g: number, b: number) =>
        sharp({ create: { width: 240, height: 180, channels: 3, background: { r, g, b } } })
          .png()
          .toBuffer();
      const tienda = new FormData();
      for (const [campo, valor] of Object.entries({
        userId: vendedor.userId,
        nombre: `Almacén de la imagen ${id}`,
        descripcion: 'Una tienda abierta por la prueba de la imagen',
        telefono: '+54 11 5555-4040',
        email: 'tienda@example.com',
        razonSocial: `Almacén de la imagen ${id} S.R.L.`,
        categoriaGlobal: categorias[0]?._id ?? '',
        cobertura: coberturas[0]?._id ?? '',
        direccion: JSON.stringify({
          direccion: 'Calle de Prueba 123',
          latitud: -34.5875,
          longitud: -58.4205,
          codigoPostal: 'C1425',
          provincia: 'Ciudad Autónoma de Buenos Aires',
          ciudad: 'Buenos Aires',
        }),
      })) {
        tienda.append(campo, valor);
      }
      tienda.append('logo', new Blob([await png(20, 120, 90)], { type: 'image/png' }), 'logo.png');
      const creada = await json<{ tienda: { _id: string } }>(
        await pedir('/api/tienda/crear', { method: 'POST', headers: vendedor.auth, body: tienda }),
        201,
      );
      vendedor.tiendaId = creada.tienda._id;
      await json(
        await pedir('/api/usuario/convertirEnVendedor', {
          method: 'POST',
          headers: { ...vendedor.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ userId: vendedor.userId }),
        }),
      );

      // Mercado Pago linked as a browser does it: iniciar, the provider's consent, the callback.
      const iniciar = await pedir(`/api/oauth/mercadopago/iniciar/${vendedor.userId}`, {
        headers: vendedor.auth,
      });
      const cookie = (iniciar.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const { authUrl } = await json<{ authUrl: string }>(iniciar);
      const consentimiento = await fetch(authUrl, { redirect: 'manual' });
      const vuelta = new URL(consentimiento.headers.get('location') ?? '');
      const callback = await pedir(vuelta.pathname + vuelta.search, { headers: { cookie } });
      assert.match(callback.headers.get('location') ?? '', /^\/mercadopago-callback\?success=true/);

      // The product team enables the store, as an operator does: the admin command line.
      const habilitar = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/cli/admin.cli.ts', 'enable-store', vendedor.tiendaId],
        { cwd: checkout, env: { ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
      );
      assert.equal(habilitar.status, 0, habilitar.stderr + habilitar.stdout);

      const foto = new FormData();
      for (const [campo, valor] of Object.entries({
        vendedorId: vendedor.userId,
        tiendaId: vendedor.tiendaId,
        nombre: producto,
        descripcion: 'Un producto cargado por la prueba de la imagen',
        precio: '4890',
        stock: '100',
        cantidadTotalGrupo: '5',
        categoriaLocalId: '[]',
      })) {
        foto.append(campo, valor);
      }
      foto.append('imagen', new Blob([await png(200, 140, 40)], { type: 'image/png' }), 'foto.png');
      const { producto: cargado } = await json<{ producto: { _id: string } }>(
        await pedir('/api/producto/crear', { method: 'POST', headers: vendedor.auth, body: foto }),
        201,
      );
      vendedor.productoId = cargado._id;

      const enVenta = await json<{ imagen: string | null }>(
        await pedir(`/api/producto/${cargado._id}`),
      );
      assert.ok(
        enVenta.imagen?.startsWith(s3.publicUrl),
        `imagen fuera del bucket: ${enVenta.imagen}`,
      );
      const archivo = await fetch(enVenta.imagen ?? '');
      assert.equal(archivo.status, 200);
      assert.match(archivo.headers.get('content-type') ?? '', /^image\//);
    }));

  it("draws the product's page on the server (decision 044)", () =>
    conLogs(async () => {
      assert.ok(vendedor.productoId, 'no hay producto: falló el paso anterior');
      const pagina = await pedir(`/product/${vendedor.productoId}`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      const html = await pagina.text();
      assert.equal(pagina.status, 200, html.slice(0, 500));
      const raiz = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html);
      assert.ok(
        raiz,
        `la página llegó sin dibujar (<div id="root"> vacío): ${logs.find((l) => l.includes('dibujan en el navegador')) ?? ''}`,
      );
      assert.match(raiz[1] ?? '', new RegExp(`<h1[^>]*>${producto}</h1>`));
      assert.match(raiz[1] ?? '', /\$\s?4\.890,00/);
      assert.match(html, /<html[^>]*data-dibujada/);
    }));
});

describe('Dockerfile y compose.yaml: versiones fijadas y tiempo para parar', () => {
  it('pins the base image to a Node release and every compose image to a tag other than latest', () => {
    for (const { imagen } of leerDockerfile(readFileSync(dockerfile, 'utf8'))) {
      assert.match(imagen, /^node:\d+\.\d+\.\d+-slim$/, `FROM ${imagen}: sin versión fijada`);
    }
    const compose = readFileSync(join(checkout, 'compose.yaml'), 'utf8');
    const imagenes = [...compose.matchAll(/^\s+image:\s*(\S+)/gm)].map(([, i]) => i ?? '');
    assert.ok(imagenes.length > 0);
    for (const imagen of imagenes.filter((i) => i !== 'compra-grupal:local')) {
      assert.match(imagen, /:[\w.-]+$/, `${imagen}: sin etiqueta`);
      assert.doesNotMatch(imagen, /:latest$/, `${imagen}: latest cambia sin aviso`);
    }
    for (const imagen of imagenes.filter((i) => i.startsWith('minio/'))) {
      assert.match(
        imagen,
        /:RELEASE\.\d{4}-\d{2}-\d{2}T[\d-]+Z$/,
        `${imagen}: sin versión fechada`,
      );
    }
  });

  it("gives each node longer to stop than its own drain and close take (compose's stop_grace_period)", () => {
    const compose = readFileSync(join(checkout, 'compose.yaml'), 'utf8');
    const gracia = /^\s+stop_grace_period:\s*(\d+)s\s*$/m.exec(compose)?.[1];
    const servidor = readFileSync(join(checkout, 'apps/api/src/server.ts'), 'utf8');
    const cierre = /const CLOSE_BUDGET_MS = ([\d_]+);/.exec(servidor)?.[1];
    assert.ok(gracia, 'compose.yaml no fija stop_grace_period en segundos');
    assert.ok(cierre, 'server.ts ya no define CLOSE_BUDGET_MS: actualizá esta prueba');
    const drenaje = loadConfig({}).SHUTDOWN_DRAIN_MS;
    const necesario = drenaje + Number(cierre.replaceAll('_', ''));
    assert.ok(
      Number(gracia) * 1000 > necesario,
      `stop_grace_period ${gracia} s no supera drenaje + cierre (${necesario / 1000} s)`,
    );
  });
});
