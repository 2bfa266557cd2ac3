import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../composition';
import type { Config } from '../config';
import type { DeclaredJob } from '../jobs/register-jobs';
import type { PaginaPublica } from '../lib/cabecera';
import type { VistaPreviaDeGrupo } from './producto/producto.service';
import type { DatosConSalas, RutaDibujable } from './vitrina/vitrina.datos';

/** One route plugin of a module and the spec's URL prefix it answers under (after `/api`). */
export interface ModuleRoutes {
  /** '' for routes that carry their whole path (health). */
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: plugins take their own options, none here.
  plugin: FastifyPluginAsyncZod<any>;
}

/**
 * What the web app's fallback (plugins/web-app.ts) reads to write the public pages: the data
 * of the pages drawn on the server (docs/decisions/044), the preview of a shared group link and
 * the head of a store's or a product's page (docs/decisions/043).
 */
export interface WebPageSources {
  datosDePagina: (ruta: RutaDibujable) => Promise<DatosConSalas>;
  vistaPreviaDeGrupo: (grupoId: string) => Promise<VistaPreviaDeGrupo | undefined>;
  paginaPublica: (tipo: 'tienda' | 'producto', id: string) => Promise<PaginaPublica>;
}

/**
 * A module's manifest (docs/decisions/031): its routes with their prefixes, its pages outside
 * /api, its jobs and the public pages' sources. `modules/index.ts` lists every manifest;
 * `app.ts` registers what they declare and lists no module by hand.
 */
export interface ApiModule {
  name: string;
  routes: ModuleRoutes[];
  /**
   * Server-rendered pages outside /api (the development mailbox, /dev/correos): registered at
   * the root under their whole prefix, before the web app's fallback, and left out of the
   * OpenAPI document. A plugin decides from `app.config` whether it serves anything; an
   * unregistered /dev path answers 404.
   */
  pages?: ModuleRoutes[];
  /**
   * The module's jobs, built from the services (composition.ts): periodic ones (`defineJob`,
   * jobs/periodic-job.ts) and the handlers of queued ones (`defineQueuedJob`,
   * jobs/queued-job.ts), whose services enqueue them by their type. The app registers them all;
   * nothing else registers a job.
   */
  jobs?: (services: Services) => DeclaredJob[];
  /** Sources of the public pages the web app writes (one module declares each). */
  web?: (services: Services, config: Config) => Partial<WebPageSources>;
}

export const defineModule = (module: ApiModule): ApiModule => module;
