// lib/safeText.ts: what is stripped from every text field and tracking value, and what stays.
import { stripUnsafeChars } from '../../src/lib/safeText';

describe('stripUnsafeChars', () => {
  it.each([
    ['a family (man, woman, girl)', '👨\u200d👩\u200d👧'],
    ['a rainbow flag (with a variation selector before the joiner)', '🏳\ufe0f\u200d🌈'],
    ['a technologist with a skin tone', '🧑🏻\u200d💻'],
    ['a person with red hair', '👨\u200d🦰'],
    ['a kiss (four parts)', '👩\u200d❤\ufe0f\u200d💋\u200d👨'],
    ['a pirate flag', '🏴\u200d☠\ufe0f'],
  ])('keeps the zero-width joiners of %s', (_name, emoji) => {
    expect(stripUnsafeChars(`山田${emoji}`)).toBe(`山田${emoji}`);
  });

  it.each([
    ['between letters', 'a\u200db', 'ab'],
    ['between kanji', '山\u200d田', '山田'],
    ['alone', '\u200d', ''],
    ['after an emoji, with nothing to join', '😀\u200d', '😀'],
    ['before an emoji, after a letter', 'a\u200d😀', 'a😀'],
    ['doubled between emoji', '😀\u200d\u200d😀', '😀😀'],
  ])('drops a stray zero-width joiner %s', (_name, input, expected) => {
    expect(stripUnsafeChars(input)).toBe(expected);
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['the right-to-left override', '\u202e'],
    ['a bidi isolate', '\u2066'],
    ['the Arabic letter mark', '\u061c'],
    ['the zero-width space', '\u200b'],
    ['the zero-width non-joiner', '\u200c'],
    ['the word joiner', '\u2060'],
    ['the BOM', '\ufeff'],
    ['a lone surrogate', '\ud800'],
  ])('still strips %s', (_name, char) => {
    expect(stripUnsafeChars(`a${char}b`)).toBe('ab');
  });

  it('keeps what a name needs: variation sequences and compatibility ideographs', () => {
    expect(stripUnsafeChars('葛\u{e0100}城')).toBe('葛\u{e0100}城');
    expect(stripUnsafeChars('\ufa10本')).toBe('\ufa10本');
  });

  // Each makes a name that looks filled but shows nothing: the form must see it as empty.
  it.each([
    ['the Hangul filler', '\u3164'],
    ['the Hangul choseong filler', '\u115f'],
    ['the Hangul jungseong filler', '\u1160'],
    ['the half-width Hangul filler', '\uffa0'],
    ['the braille blank', '\u2800'],
    ['the soft hyphen', '\u00ad'],
    ['the combining grapheme joiner', '\u034f'],
    ['the Mongolian vowel separator', '\u180e'],
    ['the invisible operators', '\u2061\u2062\u2063\u2064'],
    ['tag characters', '\u{e0041}\u{e0062}\u{e007f}'],
    ['a lone variation selector', '\ufe0f'],
    ['a lone ideographic variation selector', '\u{e0100}'],
    ['the object replacement character', '\ufffc'],
  ])('leaves nothing of a value made only of %s', (_name, chars) => {
    expect(stripUnsafeChars(chars.repeat(3))).toBe('');
    expect(stripUnsafeChars(`山${chars}田`).replace(/[\ufe0f\u{e0100}]/gu, '')).toBe('山田');
  });

  it('keeps a subdivision flag’s tags and an emoji’s variation selector', () => {
    const scotland = '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(stripUnsafeChars(`山田${scotland}`)).toBe(`山田${scotland}`);
    expect(stripUnsafeChars('❤\ufe0f 山田')).toBe('❤\ufe0f 山田');
  });
});
