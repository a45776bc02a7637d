/** The visitor's manage page: /booking/<token> (manage.tsx). */
export const manageBasePath = '/booking';

export function managePath(token: string): string {
  return `${manageBasePath}/${token}`;
}
