/**
 * The names of the estimate form's hidden controls, besides the visitor's fields (fieldTable.ts):
 * a module of its own, so the first-paint script (src/firstPaint/) takes them without the table.
 */

/** The hidden control of the entry point the last opener wrote. */
export const entryPointControl = 'entryPoint';

/**
 * The price check's hidden controls (its class and rough total). Disabled, so not posted, unless
 * the last open came from the price check; every other open disables them again.
 */
export const quoteControlNames = {
  vehicleClass: 'quote.vehicleClass',
  roughTotal: 'quote.roughTotal',
} as const;

/** Controls the estimate form sends besides the visitor's fields. */
export const hiddenControlNames = [
  'brand',
  entryPointControl,
  quoteControlNames.vehicleClass,
  quoteControlNames.roughTotal,
] as const;

/** Marks the element under a `confirmsAddress` field that says the code's address (postalAddress.ts). */
export const addressAttribute = 'data-address-for';
