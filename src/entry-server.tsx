// A pure render(url, brand), built with `vite build --ssr`, called only by the prerender.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { toHydrationData, type HydrationData } from './app/hydrationData';
import { loadCampaignRules } from './app/pages/useCampaignActive';
import { createRoutes } from './app/routes';
import { BrandProvider } from './brand/BrandProvider';
import type { BrandId } from './brand/brands';
import { getPageData } from './content/pageData.server';
import { preloadEstimateForm } from './estimate/EstimateDialog';
import type { PageData } from './content/types';

export type RenderResult = {
  status: number;
  html: string;
  hydrationData: HydrationData;
  pageData: PageData | null;
};

export async function render(url: string, brand: BrandId): Promise<RenderResult> {
  const routes = createRoutes(async (route) => getPageData(brand, route));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) {
    throw new Error(`Prerender of ${url} answered a redirect (${context.status})`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString cannot wait for a lazy import: load what the landing page decides with first,
  // and the estimate form's code, whose form the page's HTML carries.
  await Promise.all([loadCampaignRules(), preloadEstimateForm()]);
  const html = renderToString(
    <StrictMode>
      <BrandProvider brand={brand}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </BrandProvider>
    </StrictMode>,
  );
  const pageData =
    Object.values(context.loaderData).find(
      (value): value is PageData => typeof value === 'object' && value !== null && 'route' in value,
    ) ?? null;
  return { status: context.statusCode, html, hydrationData: toHydrationData(context), pageData };
}
