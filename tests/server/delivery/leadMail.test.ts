// The lead mails (server/delivery/leadMail.ts, mailChannels.ts): each message composed for both
// brands in the send_email binding's shape (MailMessage: subject, text, headers, replyTo), which
// writes the MIME; the abuse rules; header injection in every field. The MIME a renderer writes of
// them, read back by a real parser (mailparser), is the last describe's.
import { mimeOf } from '../../../deploy/cloudflare/mailKeeper';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import * as v from 'valibot';
import { brandIds, brands, type BrandId } from '../../../src/brand/brands';
import { mailDomains, mailSender } from '../../../src/brand/mail';
import { companies } from '../../../src/content/companies';
import { fieldPaths } from '../../../src/estimate/contract/fieldTable';
import { estimateRequestSchema } from '../../../src/estimate/contract/validation/estimateSchema';
import {
  deadLetterAlertMail,
  receiptMail,
  shopNoticeMail,
  type MailMessage,
} from '../../../server/delivery/leadMail';
import type { StoredLead } from '../../../server/leads/store';
import { parseStoredRequest } from '../../../server/leads/storedRequest';
import { columnHeader } from '../../../server/leads/values';
import { mailboxKey } from '../../../server/delivery/receiptRules';
import {
  receiptCap,
  receiptChannel,
  shopNoticeChannel,
  type MailContext,
} from '../../../server/delivery/mailChannels';
import {
  storedLead as factoryLead,
  validRequest,
  type RequestOverrides,
} from '../../factories/estimate';
import { postalArea } from '../../factories/postal';

const receivedAt = '2026-11-24T01:00:00.000Z';

function storedLead(
  brand: BrandId,
  overrides: RequestOverrides & { quote?: object; notes?: string } = {},
  lead: Partial<StoredLead> = {},
): StoredLead {
  const body = {
    ...validRequest(brand, {
      request: { courtesyCar: 'yes', contactTime: '9-12', preferredDate1: '2026-12-10' },
      tracking: { source: 'google', campaign: 'shaken', gaid: 'g-1', yclid: 'y-1' },
      ...overrides,
    }),
    ...(overrides.quote && { quote: overrides.quote }),
  };
  if (overrides.notes) body.request = { ...body.request, notes: overrides.notes };
  const request = v.parse(estimateRequestSchema, body);
  return factoryLead({ id: '261124-ABCDEFGH', brand, receivedAt, request, ...lead });
}

function sender(brand: BrandId) {
  const found = mailSender(brands[brand]);
  if (!found) throw new Error(`${brand} sends no mail`);
  return found;
}

/** Every value the binding writes into a header: not one may break its line. */
function headerValues(message: MailMessage): string[] {
  const { replyTo } = message;
  const replies = typeof replyTo === 'string' ? [replyTo] : replyTo ? Object.values(replyTo) : [];
  return [
    message.subject,
    ...Object.values(message.from),
    ...message.to,
    ...replies,
    ...Object.entries(message.headers).flat(),
  ];
}

describe.each(brandIds)('the receipt of %s', (brand) => {
  const lead = storedLead(brand, { quote: { vehicleClass: 'kei', roughTotal: 45000 } });

  it('goes from the brand to the visitor, with its subject and headers', () => {
    const message = receiptMail(lead, sender(brand), companies[brand])!;
    expect(message.subject).toBe(
      `【${brands[brand].name}】お見積もり依頼を受け付けました（受付番号 261124-ABCDEFGH）`,
    );
    expect(message.from).toEqual({
      name: brands[brand].name,
      email: `no-reply@${mailDomains[brand]}`,
    });
    expect(message.to).toEqual(['hanako@example.com']);
    expect(message.headers).toEqual({ 'X-Lead-Id': '261124-ABCDEFGH', 'X-Lead-Mail': 'receipt' });
  });

  it('says, in order, name, receipt-not-booking, 受付番号, the 控え, next, phone, 送信専用, company', () => {
    const { text } = receiptMail(lead, sender(brand), companies[brand])!;
    const order = [
      '山田 花子 様',
      'まだご予約は確定していません',
      '受付番号: 261124-ABCDEFGH',
      `${columnHeader('expiry')}: ${lead.request && (lead.request as { vehicle: { expiryYear: string } }).vehicle.expiryYear}年4月`,
      `${columnHeader('maker')}: ホンダ`,
      `${columnHeader('model')}: N-BOX`,
      `${columnHeader('preferredDates')}: 2026年12月10日（木）`,
      `${columnHeader('courtesyCar')}: 希望する`,
      `${columnHeader('contactTime')}: 9:00〜12:00`,
      '概算（料金チェック）: 例 45,000円〜（軽自動車、税込・法定費用込み。法定費用は2026年3月31日時点の額）',
      'このあとの流れ',
      brands[brand].phone,
      `送信専用のアドレス（no-reply@${mailDomains[brand]}）`,
      companies[brand].name,
      companies[brand].address,
    ];
    const positions = order.map((part) => text.indexOf(part));
    for (const [index, position] of positions.entries()) {
      expect(position, order[index]).toBeGreaterThanOrEqual(0);
    }
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // No phone number, postal code or tracking of the visitor is echoed to an inbox.
    expect(text).not.toContain('09012345678');
    expect(text).not.toContain('google');
  });

  it('has no rough price when the price check did not open the form', () => {
    const message = receiptMail(storedLead(brand), sender(brand), companies[brand]);
    expect(message?.text).not.toContain('概算');
  });
});

describe.each(brandIds)('the shop notice of %s', (brand) => {
  it('lists every field, the rough price, the entry point and the attribution; replies go to the visitor', () => {
    const lead = storedLead(brand, {
      quote: { vehicleClass: 'upto-1500kg', roughTotal: 78000 },
      notes: '土曜の午前が\n都合よいです',
    });
    const message = shopNoticeMail(lead, sender(brand), ['shop@example.jp'], {
      area: '東京都渋谷区',
      siteOrigin: 'https://shaken.example.jp',
    });
    expect(message.subject).toBe(
      'お見積もり依頼 受付番号 261124-ABCDEFGH N-BOX 第1希望日 2026年12月10日（木）',
    );
    expect(message.to).toEqual(['shop@example.jp']);
    expect(message.replyTo).toEqual({ name: '山田 花子', email: 'hanako@example.com' });
    expect(message.headers).toEqual({
      'X-Lead-Id': '261124-ABCDEFGH',
      'X-Lead-Mail': 'shop-notice',
    });
    const { text } = message;
    for (const line of [
      '山田 花子',
      'ヤマダ ハナコ',
      '電話番号: 090-1234-5678',
      'hanako@example.com',
      '郵便番号: 〒123-4567 東京都渋谷区',
      '希望日: 2026年12月10日（木）',
      '代車: 希望する',
      '土曜の午前が\n都合よいです',
      '概算（料金チェック）: 78,000円（〜1.5t）',
      '受付日時: 2026年11月24日（火）',
      '入力元: お問い合わせ欄の見積もりボタン',
      '対応の記録: https://shaken.example.jp/staff/leads/261124-ABCDEFGH',
      '参照元（utm_source）: google',
      'キャンペーン（utm_campaign）: shaken',
      'Google 広告のクリックID（gclid）: g-1',
      'Yahoo!広告のクリックID（yclid）: y-1',
    ]) {
      expect(text).toContain(line);
    }
    // Machine names and formats stay in the webhook and D1.
    for (const code of ['09012345678', '1234567', '2026-12-10', 'gaid', 'cta', 'yes', '9-12']) {
      expect(text).not.toMatch(new RegExp(`(^|[^\\w-])${code}([^\\w-]|$)`, 'm'));
    }
  });

  it('marks a suspected spam lead in its subject', () => {
    const message = shopNoticeMail(storedLead(brand, {}, { suspectedSpam: true }), sender(brand), [
      'shop@example.jp',
    ]);
    expect(message.subject).toMatch(/^【スパム疑い】/);
  });
});

describe('the dead-letter alert', () => {
  it('lists the leads and channels that gave up, to the ops address', () => {
    const message = deadLetterAlertMail(
      'yamada',
      sender('yamada'),
      ['ops@example.jp'],
      [
        { leadId: 'L-1', channel: 'webhook', lastError: 'the webhook answered 500' },
        { leadId: 'L-2', channel: 'receipt', lastError: null },
      ],
    );
    expect(message.to).toEqual(['ops@example.jp']);
    expect(message.subject).toBe('【ヤマダ車検】配信できなかったお見積もり依頼が2件あります');
    expect(message.text).toContain('受付番号 L-1  webhook  最後のエラー: the webhook answered 500');
    expect(message.text).toContain('受付番号 L-2  receipt');
  });
});

describe('abuse rules', () => {
  const context = (leads: StoredLead[] = []): MailContext => ({
    mailer: { send: () => Promise.resolve() },
    shopAddresses: ['shop@example.jp'],
    postalArea,
    // Each lead of the list was stored before the one deciding, as the stores order them.
    store: {
      earlierToMailbox: (brand, mailbox, since, leadId) =>
        Promise.resolve(
          leads.filter(
            (l) =>
              l.id !== leadId &&
              l.brand === brand &&
              !l.suspectedSpam &&
              l.receivedAt >= since &&
              mailboxKey(l.request.customer.email) === mailbox,
          ).length,
        ),
    },
  });

  it("sends the shop the area from the site's postal data and the lead's staff page", async () => {
    const sent: MailMessage[] = [];
    const lead = storedLead('yamada', { vehicle: { postalCode: '150-0001' } });
    await shopNoticeChannel.send(lead, {
      ...context(),
      mailer: { send: (message) => Promise.resolve(void sent.push(message)) },
      siteOrigin: 'https://yamada.example.jp',
    });
    expect(sent[0]?.text).toContain('郵便番号: 〒150-0001 東京都渋谷区');
    expect(sent[0]?.text).toContain('https://yamada.example.jp/staff/leads/261124-ABCDEFGH');
  });

  it('gives a suspected spam lead no receipt, and the shop its notice', async () => {
    const lead = storedLead('carsupport', {}, { suspectedSpam: true });
    expect(await receiptChannel.decide(lead, context())).toEqual({
      kind: 'skip',
      reason: 'スパム疑い',
    });
    expect(await shopNoticeChannel.decide(lead, context())).toEqual({ kind: 'send' });
  });

  it('drops the name and 車種 when they carry a link or an address, and never echoes 備考', () => {
    const lead = storedLead('carsupport', {
      customer: { lastName: 'https://spam.example', firstName: '当選' },
      vehicle: { model: '激安 spam.example.com' },
      notes: '今すぐ https://spam.example/win にアクセス',
    });
    const { text } = receiptMail(lead, sender('carsupport'), companies.carsupport)!;
    expect(text.startsWith('お客様\n')).toBe(true);
    expect(text).not.toContain('spam');
    expect(text).not.toContain('当選');
    expect(text).not.toContain(`${columnHeader('model')}:`);
    expect(text).toContain(`${columnHeader('maker')}: ホンダ`);
  });

  it(`sends at most ${receiptCap} receipts to one address in 24 hours`, async () => {
    const at = (hoursBefore: number, id: string, extra: Partial<StoredLead> = {}) =>
      storedLead(
        'carsupport',
        { customer: { email: 'Victim@Example.com' } },
        {
          id,
          receivedAt: new Date(Date.parse(receivedAt) - hoursBefore * 3600_000).toISOString(),
          ...extra,
        },
      );
    const lead = storedLead('carsupport', { customer: { email: 'victim@example.com' } });
    const earlier = [at(1, 'a'), at(2, 'b')];
    const notCounted = [
      at(25, 'old'),
      at(1, 'spam', { suspectedSpam: true }),
      storedLead(
        'yamada',
        { customer: { email: 'victim@example.com' } },
        { id: 'other brand', receivedAt: at(1, 'x').receivedAt },
      ),
      storedLead('carsupport', {}, { id: 'other address', receivedAt: at(1, 'y').receivedAt }),
    ];
    expect(await receiptChannel.decide(lead, context([...earlier, ...notCounted]))).toEqual({
      kind: 'send',
    });
    const capped = await receiptChannel.decide(
      lead,
      context([...earlier, at(3, 'c'), ...notCounted]),
    );
    expect(capped).toEqual({ kind: 'skip', reason: expect.stringContaining('24時間に3通') });
    // Capped, the lead is stored and the shop is notified as usual.
    expect(await shopNoticeChannel.decide(lead, context([...earlier, at(3, 'c')]))).toEqual({
      kind: 'send',
    });
  });

  it('drops a greeting or 車種 that carries a phone number or a domain, and keeps them for the shop', () => {
    const lead = storedLead('carsupport', {
      customer: { lastName: '至急ご連絡', firstName: '０９０１２３４５６７８' },
      vehicle: { model: '当選しました！受取は090-1234-5678へ電話' },
    });
    const receipt = receiptMail(lead, sender('carsupport'), companies.carsupport)!.text;
    expect(receipt.startsWith('お客様\n')).toBe(true);
    expect(receipt).not.toMatch(/至急|当選|090|０９０/);
    const notice = shopNoticeMail(lead, sender('carsupport'), ['shop@example.jp']).text;
    expect(notice).toContain('至急ご連絡 ０９０１２３４５６７８');
    expect(notice).toContain('当選しました！受取は090-1234-5678へ電話');
  });

  it('counts a mailbox, not a spelling, toward the cap', async () => {
    const to = (email: string, id: string) =>
      storedLead(
        'carsupport',
        { customer: { email } },
        { id, receivedAt: '2026-11-24T00:30:00.000Z' },
      );
    const lead = storedLead('carsupport', { customer: { email: 'victim@googlemail.com' } });
    const earlier = [
      to('victim+1@gmail.com', 'a'),
      to('v.ictim@gmail.com', 'b'),
      to('VI.CTIM+x@Gmail.com', 'c'),
    ];
    expect(await receiptChannel.decide(lead, context(earlier))).toEqual({
      kind: 'skip',
      reason: expect.stringContaining('24時間に3通'),
    });
  });

  it('sends nothing for a brand without mail, and no notice without shop addresses', async () => {
    const lead = storedLead('carsupport');
    const original = mailDomains.carsupport;
    mailDomains.carsupport = null;
    try {
      expect(await receiptChannel.decide(lead, context())).toEqual({ kind: 'off' });
      expect(await shopNoticeChannel.decide(lead, context())).toEqual({ kind: 'off' });
    } finally {
      mailDomains.carsupport = original;
    }
    expect(await shopNoticeChannel.decide(lead, { ...context(), shopAddresses: [] })).toEqual({
      kind: 'off',
    });
  });
});

const injection = 'x\r\nBcc: evil@example.com\r\nX-Injected: 1\n\rSubject: owned';
const textPaths = fieldPaths.filter(
  (path) => path !== 'consent' && !path.startsWith('vehicle.expiry'),
);

/** The receipt and the shop notice of a lead whose field `path` and id carry `injection`. */
function poisonedMails(path: string): MailMessage[] {
  const lead = storedLead('yamada');
  const [group, key] = path.split('.') as [string, string];
  const raw: Record<string, unknown> = structuredClone(lead.request);
  raw[group] = { ...(raw[group] as object), [key]: injection };
  const poisoned = { ...lead, request: parseStoredRequest(raw, 'yamada'), id: `L${injection}` };
  return [
    receiptMail(poisoned, sender('yamada'), companies.yamada),
    shopNoticeMail(poisoned, sender('yamada'), ['shop@example.jp']),
  ].filter((message): message is MailMessage => message !== null);
}

/** A lead whose name and 車種 are RFC 2047 encoded words that decode into a second header. */
function encodedWordsNotice(): MailMessage {
  const lead = storedLead('yamada', {
    customer: { lastName: '=?UTF-8?Q?a=0D=0ABcc:_x?=', firstName: 'y' },
    vehicle: { model: `=?UTF-8?B?${btoa('x\r\nBcc: evil@example.com')}?=` },
  });
  return shopNoticeMail(lead, sender('yamada'), ['shop@example.jp']);
}

describe('header injection', () => {
  it.each(textPaths)('cannot add a header through %s', (path) => {
    const messages = poisonedMails(path);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      for (const value of headerValues(message)) expect(value).not.toMatch(/[\r\n]/);
      expect(Object.keys(message.headers)).toEqual(['X-Lead-Id', 'X-Lead-Mail']);
      expect(message.to.every((address) => !address.includes('evil'))).toBe(true);
    }
  });
});

describe('RFC 2047 encoded words', () => {
  it('never reach a header as such: no reader decodes a field into a second header', () => {
    const notice = encodedWordsNotice();
    // What the Worker hands the send_email binding: one line each, no encoded word.
    const replyTo = notice.replyTo as { name: string; email: string };
    for (const text of [notice.subject, replyTo.name]) {
      expect(text).not.toMatch(/=\?|[\r\n]/);
    }
    expect(replyTo.email).toBe('hanako@example.com');
  });
});

// The local keeper renders each mail as MIME the way a mail program reads it (`npm start`).
const renderMime = (message: MailMessage) => mimeOf(message);

describe('the MIME written of each mail, read back by mailparser', () => {
  async function parsed(message: MailMessage): Promise<{ mail: ParsedMail; raw: string }> {
    const written = await renderMime(message);
    const raw = typeof written === 'string' ? written : new TextDecoder().decode(written);
    return { mail: await simpleParser(raw), raw };
  }

  function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
    const list = Array.isArray(value) ? value : value ? [value] : [];
    return list.flatMap((entry) => entry.value.map((address) => address.address ?? ''));
  }

  /** The header block, unfolded lines as written. */
  function headerLines(raw: string): string[] {
    return raw.split('\r\n\r\n')[0]!.split('\r\n');
  }

  /** RFC 5322 and 2047 on the raw message: folded lines, short encoded words, Message-ID, Date. */
  function expectWellFormedHeaders(raw: string): void {
    const lines = headerLines(raw);
    for (const text of lines) expect(text.length).toBeLessThanOrEqual(78);
    for (const word of raw.split('\r\n\r\n')[0]!.match(/=\?[^?]+\?[BQbq]\?[^?]*\?=/g) ?? []) {
      expect(word.length).toBeLessThanOrEqual(75);
    }
    expect(lines.some((text) => /^Message-ID: <[^@>]+@[^>]+>$/.test(text))).toBe(true);
    expect(lines.some((text) => /^Date: /.test(text))).toBe(true);
  }

  it.each(brandIds)('writes the receipt of %s as plain UTF-8 text, well formed', async (brand) => {
    const lead = storedLead(brand, { quote: { vehicleClass: 'kei', roughTotal: 45000 } });
    const { mail, raw } = await parsed(receiptMail(lead, sender(brand), companies[brand])!);
    expect(mail.subject).toBe(
      `【${brands[brand].name}】お見積もり依頼を受け付けました（受付番号 261124-ABCDEFGH）`,
    );
    expect(mail.from?.value).toEqual([
      { name: brands[brand].name, address: `no-reply@${mailDomains[brand]}` },
    ]);
    expect(mail.html).toBe(false);
    expect(mail.headers.get('content-type')).toMatchObject({
      value: 'text/plain',
      params: { charset: 'utf-8' },
    });
    expectWellFormedHeaders(raw);
  });

  it.each(brandIds)(
    'writes the shop notice of %s well formed, replies to the visitor',
    async (brand) => {
      const { mail, raw } = await parsed(
        shopNoticeMail(storedLead(brand), sender(brand), ['shop@example.jp']),
      );
      expect(mail.replyTo?.value).toEqual([{ name: '山田 花子', address: 'hanako@example.com' }]);
      expectWellFormedHeaders(raw);
    },
  );

  it('writes the dead-letter alert well formed', async () => {
    const entries = [{ leadId: 'L-1', channel: 'webhook', lastError: 'the webhook answered 500' }];
    const message = deadLetterAlertMail('yamada', sender('yamada'), ['ops@example.jp'], entries);
    expectWellFormedHeaders((await parsed(message)).raw);
  });

  it.each(textPaths)('adds no header through %s', async (path) => {
    for (const message of poisonedMails(path)) {
      const { mail, raw } = await parsed(message);
      expect(mail.bcc).toBeUndefined();
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(headerLines(raw).filter((text) => /^subject:/i.test(text))).toHaveLength(1);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(addresses(mail.to).every((address) => !address.includes('evil'))).toBe(true);
    }
  });

  it('decodes no encoded word of a field into a second header', async () => {
    const { mail, raw } = await parsed(encodedWordsNotice());
    expect(mail.bcc).toBeUndefined();
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hanako@example.com' }]);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(headerLines(raw).filter((text) => /^bcc:/i.test(text))).toEqual([]);
  });
});
