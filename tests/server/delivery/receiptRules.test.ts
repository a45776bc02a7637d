// What keeps the receipt from serving a spammer (server/delivery/receiptRules.ts): the cap's mailbox
// key, and the plain name and car model the receipt may echo; each hostile form the probe sent.
import { mailboxKey, plainCarModel, plainName } from '../../../server/delivery/receiptRules';

describe('mailboxKey', () => {
  it('folds one Gmail mailbox however it is spelt', () => {
    const spellings = [
      'victim@gmail.com',
      'victim+1@gmail.com',
      'victim+5@gmail.com',
      'v.ictim@gmail.com',
      'vi.ctim@gmail.com',
      'victim@googlemail.com',
      'Vic.Tim+promo@GoogleMail.com',
      'VICTIM@GMAIL.COM',
    ];
    expect(new Set(spellings.map(mailboxKey))).toEqual(new Set(['victim@gmail.com']));
  });

  it('drops a +tag and folds case on every domain, keeping dots elsewhere', () => {
    expect(mailboxKey('Taro.Yamada+shaken@Example.co.jp')).toBe('taro.yamada@example.co.jp');
    expect(mailboxKey('taro.yamada@example.co.jp')).not.toBe(
      mailboxKey('taroyamada@example.co.jp'),
    );
    expect(mailboxKey('victim@docomo.ne.jp')).not.toBe(mailboxKey('victim@gmail.com'));
  });
});

describe('the greeting (plainName)', () => {
  it.each([
    '山田 花子',
    'やまだ はなこ',
    'ヤマダ ハナコ',
    'Mr. Smith',
    "O'Brien Anne",
    'Иван Петров',
  ])('echoes the name %j', (name) => {
    expect(plainName(name)).toBe(true);
  });

  it.each([
    // Digit runs in any width or script.
    '至急ご連絡０９０１２３４５６７８',
    '山田090',
    '〇九〇一二三四五六七八',
    // Domains and addresses: IDN TLDs, Cyrillic, ideographic stops, full width.
    '当選.みんな',
    '詳細は当選.コム',
    'пример.рф',
    'spam。example。com',
    'ｓｐａｍ．ｅｘａｍｐｌｅ',
    'victim@example.com',
    'victim＠example',
    // IPs, URLs, handles.
    '203.0.113.5',
    '２０３．０．１１３．５',
    'https://spam.example',
    'line://ti/p/abc',
    '@spam_handle',
    // Words of a message or a contact.
    'LINE ID spamhandle',
    '当選しました',
    // An encoded word (a header injection).
    '=?UTF-8?Q?a=0D=0ABcc:_x?=',
    '',
    'あ'.repeat(31),
  ])('drops %j', (name) => {
    expect(plainName(name)).toBe(false);
  });
});

describe('車種 (plainCarModel)', () => {
  it.each([
    'N-BOX',
    'プリウス α',
    'ワゴンR スティングレー',
    'C-HR',
    'GR86',
    'RX450h',
    'CX-5',
    '2019年式 アクア',
  ])('echoes the model %j', (model) => {
    expect(plainCarModel(model)).toBe(true);
  });

  it.each([
    '当選しました！受取は090-1234-5678へ電話',
    '090 1234 5678',
    '０９０１２３４５６７８',
    '激安 spam.example.com',
    '当選.みんな',
    'пример.рф',
    '203.0.113.5',
    '２０３．０．１１３．５',
    'www.spam',
    'https://spam.example/win',
    'victim@example.com',
    'LINE @spam',
    'ID spam123',
    '=?UTF-8?B?QmNjOiB4?=',
  ])('drops %j', (model) => {
    expect(plainCarModel(model)).toBe(false);
  });
});
