// Keeps the visitor's receipt from serving a spammer (decision 016): its cap counts a mailbox, not
// a spelling, and it echoes the name and 車種 only when plainly so. Only the receipt reaches a
// possible victim; the shop's notice shows every field as sent.

/** Gmail ignores dots in the local part and reads googlemail.com as gmail.com. */
const gmailDomains: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/** For the receipt cap alone: an ad platform's hashed address follows that platform's rule. */
export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  let local = text.slice(0, at).replace(/\+.*$/, '');
  let domain = text.slice(at + 1).replace(/\.$/, '');
  if (gmailDomains.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

// Words of a message or a contact, not of a name or a car model. Digits, dots, `@`, `:` and `/`
// are refused by the character rules already; these carry a contact without them.
const messageWords =
  /\bline\b|\bid\b|\bhttp|\bwww|らいん|連絡|電話|でんわ|メール|当選|受取|受け取|至急|無料|登録/u;

/** A number written in kanji numerals: a phone number in any script. */
const numeralRun = /[〇零一二三四五六七八九壱弐参]{4,}/u;

/** A period only as an initial's (`Mr. Smith`, `J.`), never between two labels of a domain. */
const periodBetweenLetters = /\.(?!\s|$)/u;

function plain(text: string, characters: RegExp, maxLength: number): boolean {
  const normal = text.normalize('NFKC').trim();
  return (
    normal !== '' &&
    [...normal].length <= maxLength &&
    characters.test(normal) &&
    !periodBetweenLetters.test(normal) &&
    !numeralRun.test(normal) &&
    !messageWords.test(normal.toLowerCase())
  );
}

/** Letters of any script, spaces, ・ ' - and an initial's period: no digit in any width. */
const nameCharacters = /^[\p{L}\p{M}\s・'’.-]+$/u;

export function plainName(text: string): boolean {
  return plain(text, nameCharacters, 30);
}

/** Letters, ASCII digits (NFKC folds every width), spaces and ・ ' - ( ). */
const modelCharacters = /^[\p{L}\p{M}0-9\s・'’.()-]+$/u;

/** A model name's number is short (GR86, RX450h, 2019年式); a phone number or an ID is not. */
const maxModelDigits = 4;

export function plainCarModel(text: string): boolean {
  const digits = text.normalize('NFKC').replace(/[^0-9]/g, '').length;
  return digits <= maxModelDigits && plain(text, modelCharacters, 30);
}
