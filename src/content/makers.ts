/** Choices of the メーカー select, in the order visitors look for them. */
export const makers: readonly string[] = [
  'トヨタ',
  'レクサス',
  '日産',
  'ホンダ',
  'マツダ',
  'スバル',
  'スズキ',
  'ダイハツ',
  '三菱',
  'いすゞ',
  'その他（国産車）',
  '輸入車',
];
