import { brands } from '../../brand/brands';
import { trackingConfig } from '../trackingConfig';
import { buildLegalPage, buildPrivacyPolicyPage, buildTermPage } from '../textPages';
import type { TextPageContent } from '../types';
import { company } from './company';

// ヤマダ車検's text pages. Bump updatedAt with every change of wording.
const options = { brandName: brands.yamada.name, company, updatedAt: '2026-11-21' };

export const term: TextPageContent = buildTermPage(options);
export const legal: TextPageContent = buildLegalPage({ ...options, phone: brands.yamada.phone });
export const privacypolicy: TextPageContent = buildPrivacyPolicyPage({
  ...options,
  enhancedConversions: trackingConfig.yamada.enhancedConversions,
});
