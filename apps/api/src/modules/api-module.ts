import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../composition';
import type { PeriodicJob } from '../jobs/periodic-job';

/** One route plugin of a module and the spec's URL prefix it answers under (after `/api`). */
export interface ModuleRoutes {
  /** '' for routes that carry their whole path (health). */
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: plugins take their own options, none here.
  plugin: FastifyPluginAsyncZod<any>;
}

/**
 * A module's manifest (docs/decisions/031): its routes with their prefixes, its pages outside
 * /api and its periodic jobs. `modules/index.ts` lists every manifest; `app.ts` registers what they declare and
 * lists no module by hand.
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
  /** The module's periodic jobs, built from the services (composition.ts). */
  // biome-ignore lint/suspicious/noExplicitAny: each job carries its own cursor type.
  jobs?: (services: Services) => PeriodicJob<any>[];
}

export const defineModule = (module: ApiModule): ApiModule => module;
