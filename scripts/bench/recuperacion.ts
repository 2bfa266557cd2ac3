/**
 * The password-recovery request must not tell whether an account exists by its timing
 * (issue 25): the medians of interleaved requests for registered and unknown emails, and their
 * ratio, against the built server. The API test proves the cause (the same work for both, the
 * lookup in a job); this measures the effect.
 */
const CUENTAS = 30;

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function medirRecuperacion(baseUrl: string) {
  const sufijo = Date.now().toString(36);
  const conocidos: string[] = [];
  for (let i = 0; i < CUENTAS; i++) {
    const email = `bench-recupera-${sufijo}-${i}@example.com`;
    const res = await post(`${baseUrl}/api/usuario/registrar`, {
      nombre: 'Persona de Prueba',
      email,
      contrasenia: 'secreta123',
      telefono: '1155554444',
    });
    if (res.status !== 201) throw new Error(`registro ${res.status}: ${await res.text()}`);
    conocidos.push(email);
  }
  const medir = async (email: string) => {
    const inicio = performance.now();
    const res = await post(`${baseUrl}/api/usuario/recuperar-contrasenia`, { email });
    await res.arrayBuffer();
    if (res.status !== 202) throw new Error(`recuperar-contrasenia ${res.status}`);
    return performance.now() - inicio;
  };
  // Warm both paths, then interleave so the machine's drift touches both alike.
  await medir(`bench-calentar-${sufijo}@example.com`);
  await medir(conocidos[0] ?? '');
  const conocido: number[] = [];
  const desconocido: number[] = [];
  for (const [i, email] of conocidos.entries()) {
    conocido.push(await medir(email));
    desconocido.push(await medir(`bench-nadie-${sufijo}-${i}@example.com`));
  }
  return { conocido: mediana(conocido), desconocido: mediana(desconocido), n: CUENTAS };
}
