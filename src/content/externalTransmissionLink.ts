// Apart, with no imports, so the footer links here without the table in its chunk. The estimate
// form writes the link and the provision out; tests/app/render.test.ts holds them together.

export const externalTransmissionSectionId = 'external-transmission';

export const externalTransmissionHeading = '外部送信について';

export const externalTransmissionHref = `/privacypolicy#${externalTransmissionSectionId}`;

export const thirdPartySectionId = 'third-party-provision';

export const thirdPartyHeading = '第三者提供';

/** Beside the optional adConsent choice: the estimate never depends on it. */
export const adConsentNote = '任意です。同意されなくても、お見積もりとご案内は変わりません。';
