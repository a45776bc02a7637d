/**
 * Where the privacy policy's section 「外部送信について」 is: a module of its own, so the footer and
 * the estimate form's consent line link to it without the table (externalTransmission.ts).
 */
import { pageOf } from './pageTable';

/** The element id of the section on the privacy policy page. */
export const externalTransmissionSectionId = 'external-transmission';

/** The section's heading, and the label of every link to it. */
export const externalTransmissionHeading = '外部送信について';

/** The link to the section (the privacy policy's path is the page table's). */
export const externalTransmissionHref = `${pageOf('privacypolicy').path}#${externalTransmissionSectionId}`;
