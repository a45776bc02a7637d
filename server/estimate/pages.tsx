/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The native post's answers: the page a visitor without JavaScript reads after sending the form.
import type { Child } from 'hono/jsx';
import { brands, receptionText, telHref, type BrandId } from '../../src/brand/brands';
import { receiptNotice } from '../../src/brand/mail';
import { errorSummaryTitle, summaryEntries } from '../../src/estimate/contract/summaryWords';
import { isSimpleFormEntry } from '../../src/estimate/contract/types';
import { Document } from '../views/Document';
import { slotLabel, type BookingAnswer } from '../../src/estimate/contract/booking';
import { shopOf } from '../../src/content/companies';
import { ShopFacts, type BookingChoices } from '../booking/views';
import { FilledForm, idOf } from './form';
import type { PostedValues } from './formPost';

/** The one inline style sheet; the CSP allows it by its hash (page(), http/answers.ts). */
export const answerStyle = [
  'body{font-family:system-ui,sans-serif;line-height:1.7;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}',
  'h1{font-size:1.4rem}',
  'a{color:#0645ad}',
  '.tel{font-size:1.3rem;font-weight:bold}',
  '.errors{border:2px solid #b00020;padding:.5rem 1rem;margin:1rem 0}',
  '.error{color:#b00020;margin:.25rem 0 0}',
  '.field{margin:1rem 0}',
  '.field>label:first-child,legend{display:block;font-weight:bold}',
  'input[type=text],input[type=tel],input[type=email],input[type=date],select,textarea{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;border:1px solid #555}',
  '[aria-invalid=true]{border-color:#b00020;border-width:2px}',
  'fieldset{border:0;padding:0;margin:1rem 0}',
  'button{font:inherit;padding:.6rem 1.5rem}',
  '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
  // A slot is one tap: its radio and its time never part, each at least 44 px tall.
  '.choice{display:inline-flex;align-items:center;gap:.3rem;min-height:44px;margin-right:1rem;white-space:nowrap}',
  '.choice input{width:1.2rem;height:1.2rem;margin:0}',
  '.shop{margin:.5rem 0}',
].join('');

function AnswerPage(props: { brand: BrandId; title: string; children: Child }) {
  return (
    <Document
      title={`${props.title} | ${brands[props.brand].name}`}
      robots="noindex"
      style={answerStyle}
    >
      <main>
        <h1>{props.title}</h1>
        {props.children}
        <p>
          <a href="/">トップページへ戻る</a>
        </p>
      </main>
    </Document>
  );
}

function PhoneLine(props: { brand: BrandId; lead: string }) {
  const brand = brands[props.brand];
  return (
    <p>
      {props.lead}
      <br />
      <a class="tel" href={telHref(brand.phone)}>
        {brand.phone}
      </a>
      <br />
      {receptionText(brand)}
    </p>
  );
}

function BookedLines(props: { brand: BrandId; booking: BookingAnswer }) {
  const { booking } = props;
  const shop = shopOf(props.brand, booking.shop);
  return (
    <>
      <p>
        {booking.state === 'confirmed'
          ? 'ご来店の予約が確定しました。'
          : '仮予約です。店舗が確認のうえ、予約確定のご連絡をいたします。'}
        <br />
        日時: <strong>{slotLabel(booking.start)}</strong>
      </p>
      {shop && <ShopFacts shop={shop} />}
      <p>
        ご予約の変更・キャンセルは<a href={booking.manageUrl}>ご予約の確認・変更ページ</a>
        からできます（このリンクはご予約メールにも記載しています）。
      </p>
    </>
  );
}

export function AcceptedPage(props: { brand: BrandId; id: string; booking?: BookingAnswer }) {
  const receipt = receiptNotice(brands[props.brand]);
  const title = props.booking
    ? props.booking.state === 'confirmed'
      ? 'ご予約が確定しました'
      : '仮予約を受け付けました'
    : 'お見積もり依頼を受け付けました';
  return (
    <AnswerPage brand={props.brand} title={title}>
      {props.booking && <BookedLines brand={props.brand} booking={props.booking} />}
      <p>
        {brands[props.brand].name}
        へのお見積もり依頼ありがとうございます。担当者より折り返しご連絡いたします。
      </p>
      <p>
        受付番号: <strong>{props.id}</strong>
      </p>
      {receipt && (
        <p>
          <strong>{receipt.title}</strong>
          <br />
          {receipt.text}
          {receipt.filter}
        </p>
      )}
      <PhoneLine
        brand={props.brand}
        lead="お急ぎの方はお電話ください（受付番号をお伝えください）。"
      />
    </AnswerPage>
  );
}

const notSent = 'お見積もり依頼を受け付けられませんでした';

export function ProblemPage(props: { brand: BrandId; message: string; note?: string }) {
  return (
    <AnswerPage brand={props.brand} title={notSent}>
      <p>{props.message}</p>
      {props.note && <p>{props.note}</p>}
      <PhoneLine brand={props.brand} lead="お電話でも承ります。" />
    </AnswerPage>
  );
}

type FormPageProps = {
  brand: BrandId;
  values: PostedValues;
  action: string;
  choices?: BookingChoices | null;
};

/** The no-JS form's 「空き枠を表示する」: the form again, with the shops and slots to choose. */
export function ChoicePage(props: FormPageProps) {
  return (
    <AnswerPage brand={props.brand} title="ご来店の店舗と日時をお選びください">
      <p>空いている日時を選んで、そのまま送信してください。入力した内容はそのまま残っています。</p>
      <FilledForm values={props.values} errors={{}} action={props.action} choices={props.choices} />
      <PhoneLine brand={props.brand} lead="お電話でも承ります。" />
    </AnswerPage>
  );
}

export function RefusedPage(props: FormPageProps & { errors: Record<string, string> }) {
  // A simple form sent without JavaScript brings only the car: the rest is asked for, not blamed.
  const [title, lead] = isSimpleFormEntry(props.values.entryPoint)
    ? [
        'お見積もり依頼の続きをご入力ください',
        '残りの項目をご入力のうえ、送信してください。入力した内容はそのまま残っています。',
      ]
    : [
        errorSummaryTitle,
        '次の項目を確認して、もう一度送信してください。入力した内容はそのまま残っています。',
      ];
  return (
    <AnswerPage brand={props.brand} title={title}>
      <div class="errors" role="alert">
        <p>{lead}</p>
        <ul>
          {summaryEntries(props.errors).map(({ path, message }) => (
            <li>{path ? <a href={`#${idOf(path)}`}>{message}</a> : message}</li>
          ))}
        </ul>
      </div>
      <FilledForm
        values={props.values}
        errors={props.errors}
        action={props.action}
        choices={props.choices}
      />
      <PhoneLine brand={props.brand} lead="お電話でも承ります。" />
    </AnswerPage>
  );
}

/** @internal Exported for tests. */
export const valuesKeptNote =
  '入力した内容は下のフォームに残っています。そのままもう一度送信できます。';

/** 429 or 503: the form comes back filled in, so nothing typed depends on the browser's Back. */
export function RetryPage(props: FormPageProps & { message: string }) {
  return (
    <AnswerPage brand={props.brand} title={notSent}>
      <div class="errors" role="alert">
        <p>{props.message}</p>
        <p>{valuesKeptNote}</p>
      </div>
      <FilledForm values={props.values} errors={{}} action={props.action} choices={props.choices} />
      <PhoneLine brand={props.brand} lead="お電話でも承ります。" />
    </AnswerPage>
  );
}
