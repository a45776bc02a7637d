// Apart, with no imports: the estimate form's chunk names the recipients beside the choice without
// the table. In the table's order; the policy adds art. 28's facts.
export const adRecipientCountries = {
  'Google LLC': '米国',
  'Meta Platforms, Inc.': '米国',
  LINEヤフー株式会社: '日本',
} as const;
