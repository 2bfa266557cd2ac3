import { test as base, expect } from '../fixtures';
import { faltaParaLaTopologia, levantarTopologia, type Topologia } from './topologia';

/**
 * The reference deployment without containers (topologia.ts): two built nodes on one
 * PostgreSQL, one Redis and one S3-compatible store, behind a load balancer that spreads
 * every request. The tests run in order: the last one stops a node.
 */
const test = base.extend<object, { topologia: Topologia }>({
  topologia: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const topologia = await levantarTopologia();
      await use(topologia);
      await topologia.close();
    },
    // Two nodes migrate and seed one PostgreSQL database (one of them waits for the other).
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ topologia }, use) => use(topologia.url),
});

const falta = faltaParaLaTopologia();
test.skip(Boolean(falta), falta);
test.describe.configure({ mode: 'serial' });

const directo = (port: number, ruta: string) => `http://127.0.0.1:${port}${ruta}`;

test('a purchase made through both nodes is paid, and its picture is served by each', async ({
  api,
  vendedor,
  comprador,
  topologia,
}) => {
  const producto = await api.nuevoProducto(vendedor, { precio: 2500 });

  // A picture received by one node is named the same by every node, on the public origin (the
  // bucket behind it, as deploy/Caddyfile serves it), and arrives from there.
  for (const nodo of topologia.nodos) {
    const leido = (await (
      await fetch(directo(nodo.port, `/api/producto/${producto._id}`))
    ).json()) as { imagen: string | null };
    const url = new URL(leido.imagen as string, topologia.url);
    expect(url.origin, `la imagen según el nodo ${nodo.port}`).toBe(topologia.url);
    expect(url.pathname).toMatch(/^\/uploads\//);
    const imagen = await fetch(url);
    expect(imagen.status, `la imagen según el nodo ${nodo.port}`).toBe(200);
    expect(imagen.headers.get('content-type')).toMatch(/^image\//);
  }

  const pedidoId = await api.pagarLugares(comprador, {
    productoId: producto._id,
    tiendaId: vendedor.tiendaId,
  });
  const cliente = await api.sesion(comprador);

  // The notification reached whichever node the balancer chose; every node reads the result.
  for (const nodo of topologia.nodos) {
    await expect
      .poll(async () => {
        const estado = await fetch(directo(nodo.port, `/api/pedido/estadoPagos/${pedidoId}`), {
          headers: cliente.auth,
        });
        return ((await estado.json()) as { estadisticas: { aprobados: number } }).estadisticas
          .aprobados;
      })
      .toBe(1);
  }

  for (const nodo of topologia.nodos) {
    const enviados = topologia.balanceador.sent.get(directo(nodo.port, '')) ?? 0;
    expect(enviados, `pedidos al nodo ${nodo.port}`).toBeGreaterThan(5);
  }
});

test('a product page each node keeps drawn is drawn anew on both when the seller edits it', async ({
  api,
  request,
  vendedor,
  topologia,
}) => {
  const producto = await api.nuevoProducto(vendedor, { precio: 2500 });
  const precioEn = async (port: number) => {
    const html = await (await fetch(directo(port, `/product/${producto._id}`))).text();
    return /"precio":([\d.]+)/.exec(html)?.[1];
  };
  for (const nodo of topologia.nodos) expect(await precioEn(nodo.port)).toBe('2500');

  const duenio = await api.sesion(vendedor.credenciales);
  const edicion = await request.put(`/api/producto/${producto._id}`, {
    headers: duenio.auth,
    multipart: {
      nombre: producto.nombre,
      descripcion: 'Producto de una prueba punta a punta',
      precio: '3100',
      stock: '100',
      cantidadTotalGrupo: '5',
      categoriaLocalId: '[]',
    },
  });
  expect(edicion.status()).toBe(200);
  // The pages are kept for ten minutes here: only the edit's event can draw them anew.
  for (const nodo of topologia.nodos) {
    await expect.poll(() => precioEn(nodo.port), `el nodo ${nodo.port}`).toBe('3100');
  }
});

test('wrong passwords are counted across the nodes: the 11th is refused wherever it lands', async ({
  request,
  comprador,
}) => {
  const respuestas: number[] = [];
  for (let intento = 1; intento <= 11; intento++) {
    const res = await request.post('/api/usuario/login', {
      data: { email: comprador.email, contrasenia: `equivocada-${intento}` },
    });
    respuestas.push(res.status());
  }
  expect(respuestas.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(respuestas[10]).toBe(429);
});

test('a node stopped with SIGTERM drains: no request fails, and it exits cleanly', async ({
  api,
  request,
  vendedor,
  topologia,
}) => {
  const producto = await api.nuevoProducto(vendedor);
  const [saliente] = topologia.nodos;
  if (!saliente || topologia.nodos.length < 2) throw new Error('la topología necesita dos nodos');

  // Traffic through the balancer from four clients, until told to stop.
  const fallidos: string[] = [];
  let enviados = 0;
  let seguir = true;
  const cliente = async () => {
    while (seguir) {
      for (const ruta of ['/api/categoria/getAllCategoria', `/api/producto/${producto._id}`]) {
        enviados++;
        try {
          const res = await request.get(ruta);
          if (!res.ok()) fallidos.push(`${ruta}: ${res.status()}`);
        } catch (error) {
          fallidos.push(`${ruta}: ${(error as Error).message}`);
        }
      }
    }
  };
  const clientes = Array.from({ length: 4 }, cliente);
  await expect.poll(() => enviados).toBeGreaterThan(40);

  saliente.proceso.kill('SIGTERM');
  // Draining: not ready any more, still serving.
  await expect
    .poll(async () => (await fetch(directo(saliente.port, '/api/health/ready'))).status)
    .toBe(503);
  expect((await fetch(directo(saliente.port, '/api/categoria/getAllCategoria'))).status).toBe(200);
  await topologia.balanceador.checked();

  expect(await saliente.terminado, 'el código de salida del nodo detenido').toBe(0);
  const alTerminar = enviados;
  await expect.poll(() => enviados).toBeGreaterThan(alTerminar + 40);
  seguir = false;
  await Promise.all(clientes);

  expect(fallidos).toEqual([]);
});
