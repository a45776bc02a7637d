export const hydrationDataElementId = 'router-data';

/** A data block (not executed, so no CSP hash): no `<`, `>` or `&` can close it or start markup. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
