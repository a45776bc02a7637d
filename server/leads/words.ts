// Where a lead came from, in words for staff (mails, CSV, staff pages); the webhook and D1 keep
// the machine names.
import type { TrackingData, TrackingKey } from '../../src/tracking/trackingFields';
import { adClicks, platformLabels } from '../platforms/clicks';

const entryPointWords: Readonly<Record<string, string>> = {
  header: 'ページ上部の「無料見積もり」ボタン',
  cta: 'お問い合わせ欄の見積もりボタン',
  'tracking-footer': '画面下の固定バーの見積もりボタン',
  'simple-form-1': 'かんたん見積もりフォーム（1つ目）',
  'simple-form-2': 'かんたん見積もりフォーム（2つ目）',
  'simple-form-3': 'かんたん見積もりフォーム（3つ目）',
  'price-check': '料金チェック（概算）',
  phone: '電話（スタッフが入力）',
};

/** What the visitor used; a name no release knows reads as it was stored. */
export function entryPointText(entryPoint: string): string {
  return Object.hasOwn(entryPointWords, entryPoint) ? entryPointWords[entryPoint]! : entryPoint;
}

/** utm_* by their own names, each with what it means. */
const campaignWords = [
  ['source', '参照元（utm_source）'],
  ['inquiry_medium', 'メディア（utm_medium）'],
  ['campaign', 'キャンペーン（utm_campaign）'],
  ['term', 'キーワード（utm_term）'],
  ['inquiry_content', '広告の内容（utm_content）'],
] as const satisfies readonly (readonly [TrackingKey, string])[];

/** [tracking key, platform's words, URL parameter], in the order a lead is attributed. */
const clickWords = adClicks.map(
  (click) => [click.key, platformLabels[click.platform], click.param] as const,
);

const pageWords = [
  ['lp_entry_url', '最初に開いたページ'],
  ['estimate_generated_url', '見積もりを始めたページ'],
] as const satisfies readonly (readonly [TrackingKey, string])[];

export type AdClick = { platform: string; param: string; id: string };

function adClick(tracking: TrackingData): AdClick | undefined {
  for (const [key, platform, param] of clickWords) {
    const id = tracking[key];
    if (id) return { platform, param, id };
  }
  return undefined;
}

export type WordsRow = { label: string; value: string };

export function attributionRows(tracking: TrackingData): WordsRow[] {
  return [
    ...campaignWords.map(([key, label]) => ({ label, value: tracking[key] ?? '' })),
    ...clickWords.map(([key, platform, param]) => ({
      label: `${platform}のクリックID（${param}）`,
      value: tracking[key] ?? '',
    })),
    ...pageWords.map(([key, label]) => ({ label, value: tracking[key] ?? '' })),
  ].filter((row) => row.value);
}

/** One column each: a marketer filters by campaign. */
export const attributionColumns = [
  ...campaignWords.map(([key, label]) => ({
    header: label,
    value: (tracking: TrackingData) => tracking[key] ?? '',
  })),
  { header: '広告媒体', value: (tracking: TrackingData) => adClick(tracking)?.platform ?? '' },
  {
    header: 'クリックID',
    value: (tracking: TrackingData) => {
      const click = adClick(tracking);
      return click ? `${click.param}=${click.id}` : '';
    },
  },
  ...pageWords.map(([key, label]) => ({
    header: label,
    value: (tracking: TrackingData) => tracking[key] ?? '',
  })),
];
