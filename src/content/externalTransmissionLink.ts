// Apart, with no imports, so the footer links here without the table in its chunk. The estimate
// form writes the link and the provision out; tests/app/render.test.ts holds them together.

export const externalTransmissionSectionId = 'external-transmission';

export const externalTransmissionHeading = '外部送信について';

export const externalTransmissionHref = `/privacypolicy#${externalTransmissionSectionId}`;

export const contactDataProvision = 'ご入力の連絡先は、ハッシュ化して広告配信事業者に送信します';
