import { brands } from '../../brand/brands';
import { externalTransmissions, privacyPolicyVersion } from '../externalTransmission';
import { trackingConfig } from '../trackingConfig';
import { buildPrivacyPolicyPage } from '../privacyPolicy';
import { buildLegalPage, buildTermPage } from '../textPages';
import type { TextRouteName } from '../pageTable';
import type { TextPageContent } from '../types';
import { company } from './company';

// カーサポート車検's text pages. Bump updatedAt with every change of wording.
const options = { brandName: brands.carsupport.name, company, updatedAt: '2026-11-28' };

export const pages: Record<TextRouteName, TextPageContent> = {
  term: buildTermPage(options),
  legal: buildLegalPage({ ...options, phone: brands.carsupport.phone }),
  privacypolicy: buildPrivacyPolicyPage({
    ...options,
    // Its revision date is the version a lead records as agreed (externalTransmission.ts).
    updatedAt: privacyPolicyVersion,
    enhancedConversions: trackingConfig.carsupport.enhancedConversions,
    externalTransmissions,
  }),
};
