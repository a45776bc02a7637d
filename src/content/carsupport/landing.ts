import { guideMails } from '../privacyPromises';
import { brands, receptionText } from '../../brand/brands';
import { receiptFaq } from '../../brand/mail';
import { legalFeesAsOf, withBrandPrices } from '../legalFees';
import { examplesBasis, headlinePrice, legalFeeNotes } from '../priceRows';
import type { LandingContent } from '../types';
import { company } from './company';

// Tone: bright and reassuring, for a first-time or busy driver; polite です・ます.
const classes = withBrandPrices([13200, 15400, 16500, 17600, 19800], 2200);

export const landing: LandingContent = {
  receptionNote: receptionText(brands.carsupport),
  mainVisual: {
    catchcopy: '車検の見積もり・予約は、カーサポート車検におまかせ',
    lead: '車検満了日と車種を入れるだけで、お近くの提携店舗から無料でお見積もり。整備の内容と費用をご納得いただいてから作業します。',
    badges: ['Web見積もり24時間受付', 'お見積もり無料', '立会い説明つき', '代車あり（要予約）'],
    formLinkLabel: 'かんたん無料見積もりへ',
    note: '※お見積もり後のキャンセルも無料です。',
    price: headlinePrice(classes),
  },
  campaign: {
    enabled: true,
    label: 'Web予約限定',
    heading: '早期予約で車検基本料から2,200円引き',
    body: '車検満了日の2か月前から受ければ、次の有効期間は短くなりません。お早めのWeb予約で、ご希望の日程も取りやすくなります。',
    notes: [
      '※割引額は一例です。対象店舗・車種により異なります。',
      '※他の割引との併用可否はお見積もり時にご案内します。',
    ],
  },
  simpleForm: {
    headings: [
      {
        heading: 'かんたん無料見積もり',
        lead: '4項目の入力で、お見積もりの準備ができます。',
      },
      {
        heading: 'あなたの車の車検費用をチェック',
        lead: '満了日・メーカー・車種・郵便番号から、お近くの店舗の料金をご案内します。',
      },
    ],
    submitLabel: '無料で見積もりを依頼する',
    note: 'お名前とご連絡先は次の画面で伺います。入力は1分ほどで終わります。',
  },
  cta: {
    heading: 'お電話でもお見積もり・ご予約を承ります',
    lead: '「まず相談したい」「日程だけ先に押さえたい」という方も、お気軽にお電話ください。',
    estimateLabel: 'Webで無料見積もり',
    callLabel: '電話で相談する',
  },
  direction: {
    heading: 'カーサポート車検とは',
    lead: 'カーサポート車検は、車検の見積もりと予約をまとめて手配するサービスです。',
    paragraphs: [
      'お客様の地域とお車に合った提携店舗をご案内し、入庫日の調整から車検完了までサポートします。点検・整備・検査は、国の認証を受けた提携店舗が担当します。',
      '料金は車両区分ごとの目安を事前にお見せし、追加整備が必要な場合も、理由と金額をご説明してご了承をいただいてから作業します。',
    ],
    facts: [
      { title: 'Web受付', body: '24時間いつでも' },
      { title: 'お電話', body: `${company.receptionHours}（${company.holidays}を除く）` },
      { title: '対象', body: '軽自動車から2.5tクラスの乗用車まで' },
    ],
  },
  point: {
    heading: 'カーサポート車検が選ばれる理由',
    lead: '初めての車検でも、忙しい方でも、安心してお任せいただける4つの特長です。',
    items: [
      {
        title: '料金が事前にわかる',
        body: '車両区分ごとの費用の目安を公開。お見積もりの段階で総額をご確認いただけます。',
      },
      {
        title: '整備は立会いで説明',
        body: '点検結果を一緒に確認しながら、必要な整備と様子見でよい箇所をご説明します。',
      },
      {
        title: '勝手に追加整備をしません',
        body: 'ご了承をいただいた整備だけを行います。不要な作業を勧めることはありません。',
      },
      {
        title: '代車・土日の入庫にも対応',
        body: '代車の貸出や土日の入庫に対応した店舗を、ご希望に合わせてご案内します。',
      },
    ],
  },
  example: {
    heading: '車検費用の目安',
    lead: '車両区分を選ぶと、費用の例をご覧いただけます。実際の金額はお車の状態と店舗により異なります。',
    feesAsOf: legalFeesAsOf,
    basis: examplesBasis(),
    discountLabel: 'Web予約割引',
    classes,
    notes: [
      '法定費用（重量税・自賠責保険料・印紙代）に消費税はかかりません（自賠責保険料は非課税、重量税と印紙代は不課税）。重量税はお車の重さ・年数・燃費性能、自賠責保険料は地域、印紙代は車検を受ける店舗の種類（指定工場かどうか）で決まります。',
      ...legalFeeNotes(),
      '部品交換などの推奨整備は別途お見積もりし、ご了承のうえで行います。',
    ],
    priceCheck: {
      heading: 'あなたのお車の概算を計算',
      firstRegistrationLegend: '初度登録年月（任意）',
      firstRegistrationHint:
        '車検証の「初度登録年月」（軽自動車は「初度検査年月」）を選ぶと、年数に応じた重量税で計算します。',
      assumption: '初度登録から13年未満のお車として計算しています。',
      submitLabel: 'この条件で見積もりを依頼',
      confirmNote: '金額は概算です。正式な金額は無料のお見積もりで確定します。',
      ecoNote:
        'ハイブリッド車などエコカー減税の対象車は、重量税がこれより安くなります（ここでは減税なしで計算しています）。',
    },
  },
  flow: {
    heading: 'ご利用の流れ',
    lead: 'お申し込みから納車まで、担当者がご案内します。',
    steps: [
      {
        title: 'Web・お電話でお見積もり依頼',
        body: 'Webは24時間受付。車検満了日と車種、郵便番号をお知らせください。',
      },
      {
        title: '担当者からご連絡',
        body: '内容を確認し、お近くの店舗と入庫日を調整します。',
      },
      {
        title: 'ご入庫',
        body: '車検証と自賠責保険証明書をお持ちください。納税証明書は、納税を電子的に確認できない場合だけ必要です。',
      },
      {
        title: '点検とお見積もりのご説明',
        body: '立会いで点検結果と費用をご説明し、ご了承をいただいてから整備します。',
      },
      {
        title: '検査・お支払い',
        body: '検査に合格したら、法定費用と整備費用をお支払いいただきます。',
      },
      {
        title: '納車・アフターフォロー',
        body: '新しい車検証とステッカーをお渡しします。次回の満了日もお知らせします。',
      },
    ],
  },
  question: {
    heading: 'よくある質問',
    items: [
      {
        question: '車検はいつから受けられますか？',
        answer: [
          '車検はいつでも受けられます。車検満了日の2か月前から満了日までに受ければ、次回の有効期間は元の満了日から数えるので短くなりません（2025年4月1日から）。それより前に受けると、受けた日から次の期間が始まります。',
          'お早めのご予約がおすすめです。',
        ],
      },
      {
        question: 'お見積もりは無料ですか？時間はどのくらいかかりますか？',
        answer: [
          'お見積もりは無料です。店舗での点検とご説明は30分ほどが目安です。お見積もり後にお断りいただいても費用はかかりません。',
        ],
      },
      {
        question: '車検には何日かかりますか？',
        answer: [
          '店舗と整備内容によって、当日から数日です。ご希望の日程に合わせて店舗をご案内します。',
        ],
      },
      {
        question: '必要な書類は何ですか？',
        answer: [
          '車検証、自賠責保険証明書をお持ちください。納税証明書は、納税を電子的に確認できない場合（納付から間もない場合など）だけ必要です。認印が必要な店舗もあります。',
        ],
      },
      {
        question: '支払い方法は選べますか？',
        answer: [
          '整備費用はクレジットカードがご利用いただける店舗が多くあります。法定費用は現金でのお支払いが一般的です。詳しくはお見積もり時にご案内します。',
        ],
      },
      {
        question: '代車はありますか？',
        answer: [
          '代車をご用意できる店舗をご案内します。台数に限りがあるため、ご予約時にお申し付けください。',
        ],
      },
      {
        question: '頼んでいない整備をされることはありませんか？',
        answer: ['ありません。整備の内容と金額をご説明し、ご了承をいただいた作業だけを行います。'],
      },
      {
        question: '車検が切れた車でも依頼できますか？',
        answer: [
          'はい。仮ナンバーの取得や積載車での引き取りについてご案内します。車検切れの車で公道を走ることはできませんのでご注意ください。',
        ],
      },
      {
        question: '予約の変更やキャンセルはできますか？',
        answer: [
          'できます。サイトでご予約の場合は、ご予約メールのリンク（ご予約の確認・変更ページ）から、店舗の締め切り（前日の18時など）まで日時の変更とキャンセルができます。それ以降と、お電話でのご予約は、お電話でご連絡ください。',
        ],
      },
      // The receipt's item names the sending domain, and is absent when the brand sends no mail.
      ...receiptFaq(brands.carsupport, '確認メールが届きません。'),
      { question: '次の車検の時期に知らせてもらえますか？', answer: [guideMails] },
    ],
  },
  policy: {
    heading: '個人情報の取り扱いについて',
    paragraphs: [
      'ご入力いただいた情報は、お見積もりと車検のご予約、それに関するご連絡のために利用します。',
      'お見積もりと作業のため、ご案内する提携店舗にお客様の情報を提供します。広告事業者への提供は、お見積もりフォームで同意いただいた場合に限ります。',
    ],
    linkLabel: 'プライバシーポリシーを見る',
  },
  footer: {
    tagline: '車検の見積もり・予約サービス',
  },
  stickyCallBar: {
    estimateLabel: '無料見積もり',
    callLabel: '電話する',
    closedLabel: `お電話は${company.receptionHours}`,
    closedNote: `${company.holidays}を除く`,
    closedEstimateLabel: 'Web見積もり（24時間）',
  },
};
