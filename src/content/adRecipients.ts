// Apart, with no imports: the estimate form's chunk names the recipients without the table.
/**
 * Each recipient of the server's rows and its country, in the table's order: the form names them
 * beside the choice without the table in its chunk; the policy adds art. 28's facts.
 */
export const adRecipientCountries = {
  'Google LLC': '米国',
  'Meta Platforms, Inc.': '米国',
  LINEヤフー株式会社: '日本',
} as const;
