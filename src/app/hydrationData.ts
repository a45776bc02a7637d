import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom';

/** What the prerendered HTML carries for hydration, as in react-router's own serialisation. */
export type HydrationData = {
  loaderData: StaticHandlerContext['loaderData'];
  actionData: StaticHandlerContext['actionData'];
  errors: Record<string, unknown> | null;
};

export function toHydrationData(context: StaticHandlerContext): HydrationData {
  let errors: HydrationData['errors'] = null;
  if (context.errors) {
    errors = {};
    for (const [routeId, error] of Object.entries(context.errors)) {
      // The shapes react-router's parseHydrationData turns back into errors.
      if (isRouteErrorResponse(error)) errors[routeId] = { ...error, __type: 'RouteErrorResponse' };
      else if (error instanceof Error)
        errors[routeId] = { message: error.message, __type: 'Error' };
      else errors[routeId] = error;
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
