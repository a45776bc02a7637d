/**
 * Where the privacy policy's section 「外部送信について」 is: a module of its own, with no imports,
 * so the footer links to it without the table (externalTransmission.ts) or the page table in its
 * chunk. tests/app/render.test.ts holds the path to the page table's and the estimate form's
 * consent line (which writes the link out, to keep the form's chunk as it is) to this one.
 */

/** The element id of the section on the privacy policy page. */
export const externalTransmissionSectionId = 'external-transmission';

/** The section's heading, and the label of every link to it. */
export const externalTransmissionHeading = '外部送信について';

/** The link to the section on the privacy policy page (`/privacypolicy` in the page table). */
export const externalTransmissionHref = `/privacypolicy#${externalTransmissionSectionId}`;

/**
 * What the consent lines say goes to the ad platforms (the no-JS answer page's, and the estimate
 * form's, which writes it out to keep the form's chunk as it is; tests/app/render.test.ts holds
 * the two together).
 */
export const contactDataProvision = 'ご入力の連絡先は、ハッシュ化して広告配信事業者に送信します';
