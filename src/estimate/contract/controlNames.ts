// Apart from the field table, so the first-paint script takes these without it.

export const entryPointControl = 'entryPoint';

/** Disabled, so not posted, unless the last open came from the price check. */
export const quoteControlNames = {
  vehicleClass: 'quote.vehicleClass',
  roughTotal: 'quote.roughTotal',
} as const;

export const hiddenControlNames = [
  'brand',
  entryPointControl,
  quoteControlNames.vehicleClass,
  quoteControlNames.roughTotal,
] as const;

/** On the element that says a `confirmsAddress` field's address. */
export const addressAttribute = 'data-address-for';
