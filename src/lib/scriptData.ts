/** The id of the JSON data block that carries the router's hydration data. */
export const hydrationDataElementId = 'router-data';

/**
 * JSON safe inside <script type="application/json"> (a data block: not executed, so the CSP needs
 * no hash for it): no `<`, `>` or `&` can close the element or start markup.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
