import { Writable } from 'node:stream';
import type { DatosDePaginaPublica } from '@compra-grupal/contracts';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { ErrorBoundary } from 'react-error-boundary';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { RouteError } from '@/app/routes/route-error';
import { sembrarDatosDePagina } from '@/app/ssr/datos-de-pagina';
import type { EstadoSsr } from '@/app/ssr/estado-ssr';
import { createQueryClient } from '@/lib/query-client';
import { InstanteDelRenderProvider } from '@/lib/ssr/instante-del-render';

export type { EstadoSsr };

export interface PaginaRenderizada {
  /** The markup of `#root`. */
  html: string;
  /** What the browser hydrates from (app/ssr/estado-ssr.ts). */
  estado: EstadoSsr;
}

/**
 * A public page drawn on the server (docs/decisions/044), as the browser draws it for a visitor
 * without a session: the same routes and providers as main.tsx, the screen's data already in
 * its cache. Waits for every lazy screen (the whole page in one piece: crawlers and link
 * previews run no script) and gives up after `tiempoMaximoMs`.
 */
export function renderizarPagina(
  url: string,
  datos: DatosDePaginaPublica,
  tiempoMaximoMs = 2_000,
): Promise<PaginaRenderizada> {
  const queryClient = createQueryClient();
  sembrarDatosDePagina(queryClient, datos);
  const instante = new Date();

  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    const salida = new Writable({
      write(parte: Buffer, _encoding, listo) {
        partes.push(parte);
        listo();
      },
    });
    salida.on('finish', () => {
      clearTimeout(plazo);
      resolve({
        html: Buffer.concat(partes).toString('utf8'),
        estado: { cache: dehydrate(queryClient), instante: instante.toISOString() },
      });
    });

    let fallo: unknown;
    const stream = renderToPipeableStream(
      <InstanteDelRenderProvider value={{ instante }}>
        <ErrorBoundary FallbackComponent={RouteError}>
          <AppProviders queryClient={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </ErrorBoundary>
      </InstanteDelRenderProvider>,
      {
        // One piece: without it React sends a boundary's content after its fallback, behind a
        // script that swaps them, and nothing paints before that script runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (fallo) reject(fallo);
          else stream.pipe(salida);
        },
        onShellError: reject,
        onError(error) {
          fallo ??= error;
        },
      },
    );
    const plazo = setTimeout(() => {
      stream.abort(new Error(`La página ${url} no se dibujó en ${tiempoMaximoMs} ms`));
      reject(new Error(`La página ${url} no se dibujó en ${tiempoMaximoMs} ms`));
    }, tiempoMaximoMs);
  });
}
