import { guideMails } from '../privacyPromises';
import { brands, receptionText } from '../../brand/brands';
import { receiptFaq } from '../../brand/mail';
import { legalFeesAsOf, withBrandPrices } from '../legalFees';
import { examplesBasis, headlinePrice, legalFeeNotes } from '../priceRows';
import type { LandingContent } from '../types';
import { company } from './company';

// Tone: warm and plain-spoken, like a trusted local garage; short sentences, です・ます.
const classes = withBrandPrices([11000, 13200, 14300, 15400, 17600], 1100);

export const landing: LandingContent = {
  receptionNote: receptionText(brands.yamada),
  mainVisual: {
    catchcopy: '地元で頼れる車検を、わかりやすい料金で。ヤマダ車検',
    lead: 'ヤマダ車検は、お住まいの近くの提携店舗で車検を受けられるサービスです。見積もりは無料、整備は納得してから。',
    badges: ['見積もり無料', 'ネット予約は24時間OK', '納得してから整備', '土日の入庫も相談可'],
    formLinkLabel: '車検費用を見積もる',
    note: '※見積もりだけのご依頼も歓迎です。',
    price: headlinePrice(classes),
  },
  campaign: {
    // Yamada has no campaign (spec 2); the block is never rendered for this brand.
    enabled: false,
    label: '',
    heading: '',
    body: '',
    notes: [],
  },
  simpleForm: {
    headings: [
      {
        heading: '車検費用をかんたん見積もり',
        lead: '満了日・メーカー・車種・郵便番号を入れてください。',
      },
      {
        heading: 'お近くの店舗で、いくらになる？',
        lead: '郵便番号から近くの提携店舗を探して、お見積もりをご用意します。',
      },
      {
        heading: 'まずは見積もりだけでも',
        lead: '見積もり後にお断りいただいても大丈夫です。',
      },
    ],
    submitLabel: '見積もりを依頼する（無料）',
    note: 'ご連絡先は次の画面で入力します。',
  },
  cta: {
    heading: '電話でもお気軽にどうぞ',
    lead: '車検のこと、料金のこと、担当者がていねいにお答えします。',
    estimateLabel: 'ネットで見積もり',
    callLabel: '電話で聞いてみる',
  },
  direction: {
    heading: 'ヤマダ車検とは',
    lead: 'ヤマダ車検は、地域の提携店舗と一緒に、安心できる車検をお届けするサービスです。',
    paragraphs: [
      'ご依頼を受けて、お客様のお近くで入庫しやすい店舗をご紹介し、予約の手配をします。点検・整備・検査は、国の認証を受けた提携店舗が行います。',
      '料金の目安は事前に公開。店舗では点検結果を見ながら整備の内容をご説明し、ご納得いただいてから作業に入ります。',
    ],
    facts: [
      { title: 'ネット受付', body: '24時間' },
      { title: '電話受付', body: `${company.receptionHours}（${company.holidays}を除く）` },
      { title: '対応車種', body: '軽自動車〜2.5tクラスの乗用車' },
    ],
  },
  point: {
    heading: 'ヤマダ車検 4つのポイント',
    lead: 'はじめての方にも、長く乗りたい方にも。',
    items: [
      {
        title: '近くの店舗で受けられる',
        body: '郵便番号からお近くの提携店舗をご紹介。通い慣れた地域で車検を受けられます。',
      },
      {
        title: '料金がわかりやすい',
        body: '車両区分ごとの費用例を公開しています。見積もりで総額をはっきりお伝えします。',
      },
      {
        title: '納得してから整備',
        body: '整備が必要な理由と金額をご説明し、了承いただいた作業だけを行います。',
      },
      {
        title: '代車・土日も相談できる',
        body: '代車の貸出や土日の入庫ができる店舗もあります。ご希望をお聞かせください。',
      },
    ],
  },
  example: {
    heading: 'ヤマダ車検の費用例',
    lead: '車両区分のタブを切り替えて、費用の例をご確認ください。',
    feesAsOf: legalFeesAsOf,
    basis: examplesBasis(),
    discountLabel: 'ネット予約割引',
    classes,
    notes: [
      '法定費用（重量税・自賠責保険料・印紙代）に消費税はかかりません（自賠責保険料は非課税、重量税と印紙代は不課税）。印紙代は車検を受ける店舗の種類（指定工場かどうか）で、自賠責保険料は地域で金額が変わります。',
      ...legalFeeNotes(),
      '推奨整備・部品交換は別途お見積もりします。',
    ],
    priceCheck: {
      heading: 'お車に合わせて概算を計算',
      firstRegistrationLegend: '初度登録年月（わかる場合）',
      firstRegistrationHint:
        '車検証の「初度登録年月」（軽自動車は「初度検査年月」）を選ぶと、お車の年数に合わせて重量税を計算します。',
      assumption: '初度登録から13年未満のお車の金額です。',
      submitLabel: 'この条件で見積もりを依頼',
      confirmNote: 'ここでの金額は概算です。お見積もりで正式な金額をご案内します。',
      ecoNote:
        'ハイブリッド車などエコカー減税の対象車は、重量税が安くなります。この概算は減税なしの額です。',
    },
  },
  flow: {
    heading: 'ご利用の流れ',
    lead: '見積もりのご依頼から納車まで、5つのステップです。',
    steps: [
      {
        title: '見積もりを依頼',
        body: 'ネットなら24時間受付。お電話でも承ります。',
      },
      {
        title: '担当者からご連絡',
        body: 'ご依頼内容を確認し、入庫する店舗と日程を決めます。',
      },
      {
        title: '店舗へご入庫',
        body: '車検証と自賠責保険証明書をお持ちください。納税証明書は、納税を電子的に確認できないときだけ必要です。',
      },
      {
        title: '点検・ご説明・整備',
        body: '立会いで点検結果と見積もりをご説明し、ご了承のうえ整備・検査を行います。',
      },
      {
        title: 'お支払い・納車',
        body: '新しい車検証とステッカーをお渡しします。次の車検時期もご案内します。',
      },
    ],
  },
  question: {
    heading: 'よくある質問',
    items: [
      {
        question: '車検はいつ受けられますか？',
        answer: [
          'いつでも受けられます。満了日の2か月前から満了日までなら、次の有効期間は元の満了日から数えるので短くなりません（2025年4月1日から）。それより前だと、受けた日から次の期間が始まります。',
          '混み合う時期もあるので、早めの予約が安心です。',
        ],
      },
      {
        question: '見積もりにお金はかかりますか？',
        answer: ['かかりません。店舗での点検と説明は30分ほどです。見積もりだけでも大丈夫です。'],
      },
      {
        question: '車を預ける期間はどれくらいですか？',
        answer: [
          'その日のうちに終わる店舗もあれば、1〜4日ほどお預かりする店舗もあります。予約のときにご案内します。',
        ],
      },
      {
        question: '何を持っていけばいいですか？',
        answer: [
          '車検証と自賠責保険証明書です。納税証明書は、納税を電子的に確認できないとき（納付から間もないときなど）だけ必要です。認印をお願いする店舗もあります。',
        ],
      },
      {
        question: '支払いにカードは使えますか？',
        answer: [
          '整備代はカード払いができる店舗が多いです。法定費用は現金でお願いすることが一般的です。',
        ],
      },
      {
        question: '代車は借りられますか？',
        answer: [
          '代車のある店舗をご紹介できます。数に限りがあるため、予約のときにお知らせください。',
        ],
      },
      {
        question: '知らないうちに整備を追加されませんか？',
        answer: ['されません。必ず内容と金額をご説明し、了承いただいた整備だけを行います。'],
      },
      {
        question: '他県ナンバーの車でも大丈夫ですか？',
        answer: ['大丈夫です。車検はナンバーの地域に関係なく、全国どこの店舗でも受けられます。'],
      },
      {
        question: '車検が切れてしまいました。',
        answer: [
          '仮ナンバーを取って運転するか、積載車で運ぶ方法があります。切れたまま公道は走れませんので、まずはご相談ください。',
        ],
      },
      // The receipt's item names the sending domain, and is absent when the brand sends no mail.
      ...receiptFaq(brands.yamada, '確認メールが来ません。'),
      { question: '次の車検の時期に知らせてもらえますか？', answer: [guideMails] },
    ],
  },
  policy: {
    heading: '個人情報の取り扱い',
    paragraphs: [
      'いただいた情報は、見積もり・予約と、そのためのご連絡にだけ使います。',
      '見積もりと整備を行う提携店舗にお客様の情報をお渡しします。広告事業者へお渡しするのは、見積もりフォームで同意いただいたときだけです。',
    ],
    linkLabel: 'プライバシーポリシー',
  },
  footer: {
    tagline: '地域の提携店舗で受ける車検サービス',
  },
  stickyCallBar: {
    estimateLabel: '見積もり（無料）',
    callLabel: '電話',
    closedLabel: `電話受付 ${company.receptionHours}`,
    closedNote: `${company.holidays}を除く`,
    closedEstimateLabel: 'Web見積もり（24時間）',
  },
};
