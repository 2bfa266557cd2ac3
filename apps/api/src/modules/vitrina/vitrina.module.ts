import { defineModule } from '../api-module';
import { vitrinaPages } from './vitrina.pages';

/**
 * The storefront for sharing and search engines (docs/decisions/043): the sitemap and
 * robots.txt. The heads of the store and product pages are written by the web app's fallback
 * (plugins/web-app.ts) from `services.vitrina.pagina`.
 */
export const vitrinaModule = defineModule({
  name: 'vitrina',
  routes: [],
  pages: [{ prefix: '', plugin: vitrinaPages }],
});
