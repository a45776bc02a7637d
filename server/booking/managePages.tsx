/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The visitor's own page for a booking (/booking/<token>): what is booked, a change to another free
// slot or a cancellation until the shop's cut-off, the shop's phone after it. Plain forms: it
// works without JavaScript.
import type { Child } from 'hono/jsx';
import { brands, telHref, type BrandId } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { field, formLabel } from '../../src/estimate/contract/fieldTable';
import { guideConsentNote } from '../../src/estimate/contract/guideConsent';
import { slotLabel, type Slot } from '../../src/estimate/contract/booking';
import { shownShopName, type Shop } from '../../src/content/shops';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { page } from '../http/answers';
import { answerStyle } from '../estimate/pages';
import { Document } from '../views/Document';
import type { StoredBooking } from '../leads/store';
import { SlotRadios, ShopFacts } from './views';
import { managePath } from './paths';

// The token is the page's key: never sent on to the map or anywhere else.
const manageHeaders = { 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' };

function ManageDocument(props: { brand: BrandId; title: string; children: Child }) {
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
          <a href="/">トップページへ</a>
        </p>
      </main>
    </Document>
  );
}

export function managePage(status: number, brand: BrandId, title: string, body: Child) {
  return page(
    status,
    <ManageDocument brand={brand} title={title}>
      {body}
    </ManageDocument>,
    answerStyle,
    manageHeaders,
  );
}

const doneNotes = {
  changed: 'ご予約の日時を変更しました。',
  cancelled: 'ご予約をキャンセルしました。',
  guide: '次回車検のご案内の設定を保存しました。',
} as const;

/** Only where the brand sends mail (src/brand/mail.ts). */
const mailNote = `ご登録の${field('customer.email').label}に確認のメールをお送りします。`;

export type ManageView = {
  brand: BrandId;
  id: string;
  token: string;
  booking: StoredBooking;
  shop: Shop;
  deadline: Date;
  open: boolean;
  slots: Slot[];
  done?: keyof typeof doneNotes;
  error?: string;
  /** The 次回車検のご案内 is asked for and not stopped. */
  guide: boolean;
};

function GuideForm(props: ManageView) {
  return (
    <form method="post" action={`${managePath(props.token)}/guide`}>
      <h2>{field('reminderConsent').label}</h2>
      <p class="field">
        <input
          type="checkbox"
          id="f-reminderConsent"
          name="reminderConsent"
          value="on"
          checked={props.guide}
          aria-describedby="f-reminderConsent-note"
        />{' '}
        <label for="f-reminderConsent">{formLabel('reminderConsent')}</label>
      </p>
      <p id="f-reminderConsent-note">{guideConsentNote}</p>
      <button type="submit">ご案内の設定を保存する</button>
    </form>
  );
}

function PhoneInstead(props: { shop: Shop; lead: string }) {
  return (
    <p>
      {props.lead}
      <br />
      <a class="tel" href={telHref(props.shop.phone)}>
        {props.shop.phone}
      </a>
    </p>
  );
}

function ChangeForms(props: ManageView) {
  const action = managePath(props.token);
  const others = props.slots.filter((slot) => slot.start !== props.booking.start);
  return (
    <>
      <h2>日時を変更する</h2>
      <form method="post" action={`${action}/change`}>
        <fieldset class="field" id="f-booking">
          <legend>{shownShopName(props.shop)}の空き枠</legend>
          <SlotRadios slots={others} name="bookingStart" chosen="" />
        </fieldset>
        <button type="submit">この日時に変更する</button>
      </form>
      <h2>キャンセルする</h2>
      <form method="post" action={`${action}/cancel`}>
        <p class="field">
          <input type="checkbox" id="f-confirm" name="confirm" value="yes" required />{' '}
          <label for="f-confirm">このご予約をキャンセルします</label>
        </p>
        <button type="submit">予約をキャンセルする</button>
      </form>
    </>
  );
}

export function ManageBody(props: ManageView) {
  const { booking, shop } = props;
  const cancelled = booking.state === 'cancelled';
  const state = cancelled
    ? 'キャンセル済み'
    : booking.state === 'held'
      ? '仮予約（店舗の確認待ち）'
      : '予約確定';
  return (
    <>
      {props.done && (
        <p role="status">
          <strong>{doneNotes[props.done]}</strong>
          {props.done !== 'guide' && mailSender(brands[props.brand]) && <>{mailNote}</>}
        </p>
      )}
      {props.error && (
        <div class="errors" role="alert">
          <p>{props.error}</p>
        </div>
      )}
      <p>
        受付番号: <strong>{props.id}</strong>
        <br />
        状態: <strong>{state}</strong>
        <br />
        日時: <strong>{slotLabel(booking.start)}</strong>
      </p>
      <ShopFacts shop={shop} hours />
      {cancelled ? (
        <p>もう一度ご予約になる場合は、トップページからお申し込みください。</p>
      ) : props.open ? (
        <>
          <p>{japaneseDateTime(props.deadline)}まで、このページから変更・キャンセルができます。</p>
          <ChangeForms {...props} />
        </>
      ) : (
        <PhoneInstead
          shop={shop}
          lead={`変更・キャンセルのページでの受付は${japaneseDateTime(props.deadline)}で締め切りました。お手数ですが、店舗へお電話ください。`}
        />
      )}
      {mailSender(brands[props.brand]) && <GuideForm {...props} />}
    </>
  );
}

export function missingBody(brand: BrandId, expired: boolean) {
  const { phone } = brands[brand];
  return (
    <>
      <p>
        {expired
          ? 'このリンクの有効期限（ご予約の日まで）が過ぎています。'
          : 'ご予約が見つかりませんでした。メールのリンクを、途中で切れていないかご確認ください。'}
      </p>
      <p>
        ご不明な点はお電話ください。
        <br />
        <a class="tel" href={telHref(phone)}>
          {phone}
        </a>
      </p>
    </>
  );
}
