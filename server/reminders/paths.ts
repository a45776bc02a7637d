/** The 案内's unsubscribe page: /guide/<token> (unsubscribe.tsx); POST …/unsubscribe stops it. */
export const guideBasePath = '/guide';

export function guidePath(token: string): string {
  return `${guideBasePath}/${token}`;
}
