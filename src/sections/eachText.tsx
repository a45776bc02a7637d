import { phrases } from './phrases';

// Apart from phrases.tsx, which the entry's footer takes: only the landing's sections use it.
/** Each text of a list as its own paragraph or item, keyed by its text, its marks as <wbr>. */
export const each = (texts: readonly string[], Tag: 'p' | 'li' = 'p', className?: string) =>
  texts.map((text) => (
    <Tag key={text} className={className}>
      {phrases(text)}
    </Tag>
  ));
