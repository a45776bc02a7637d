// フリガナ from the IME's composition (vanilla-autokana). A reading the visitor edited is theirs
// from then on; an empty or non-kana reading (a paste, a candidate picked at once) is never written.
import { readingPairs, type FieldPath } from './contract/fieldTable';

const readingPattern = /^[ァ-ヺー \u3000]+$/u;

type SetReading = (path: FieldPath, reading: string) => void;

/** Not formDom's: that one lives in the form's chunk. */
function control(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

/** The library writes through the form's state, never the DOM. */
function readingSink(current: () => string, write: (reading: string) => void): HTMLInputElement {
  const sink = document.createElement('input');
  Object.defineProperty(sink, 'value', { get: current, set: write });
  return sink;
}

export function bindFurigana(form: HTMLFormElement, setReading: SetReading): () => void {
  let bound: { stop(): void }[] = [];
  let cancelled = false;
  const edited = new Set<FieldPath>();
  const onInput = (event: Event) => {
    const name = event.target instanceof HTMLInputElement ? event.target.name : '';
    for (const [, reading] of readingPairs) if (name === reading) edited.add(reading);
  };
  // Only the visitor types into a reading field: the form's state writes without input events.
  form.addEventListener('input', onInput);
  // Its ES module source: the prebuilt file takes element ids only, not the reading's stand-in.
  void import('vanilla-autokana/src/index.js')
    .then(({ bind }) => {
      if (cancelled) return;
      bound = readingPairs.flatMap(([name, reading]) => {
        const nameInput = control(form, name);
        if (!nameInput) return [];
        const sink = readingSink(
          () => control(form, reading)?.value ?? '',
          (value) => {
            if (edited.has(reading) || !readingPattern.test(value)) return;
            if (control(form, reading)?.value === value) return;
            setReading(reading, value);
          },
        );
        return [bind(nameInput, sink, { katakana: true })];
      });
    })
    .catch((error: unknown) => console.warn('[estimate] furigana unavailable', error));
  return () => {
    cancelled = true;
    form.removeEventListener('input', onInput);
    for (const autoKana of bound) autoKana.stop();
  };
}
