// The booking step (docs/architecture.md, "Booking a slot"). The page's HTML has 「日時はあとで
// 相談する」 and the button that has the server list the nearest shops' slots without a script
// (intent=slots); once this code runs, the button lists them here, and the lists (a chunk of their
// own, BookingPicker.tsx) load once the postal code is complete.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { fieldStyles } from '../forms/Field';
import { postalDigits } from '../lib/peopleFormats';
import {
  bookLaterLabel,
  bookingControlNames,
  bookingLegend,
  showSlotsControl,
} from './contract/booking';
import type { BookingPickerProps } from './BookingPicker';
import type { BookingStep } from './bookingStep';
import type { EstimateFormValues } from './contract/formValues';
import { fields } from './contract/fieldTable';
import styles from './EstimateFields.module.css';
import formStyles from './EstimateForm.module.css';

type Said = { text: string; failed: boolean };

const postalLabel = fields['vehicle.postalCode'].label;
const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

export function BookingSection({ step }: { step: BookingStep }) {
  const id = useId();
  const { chosen, notice } = useSyncExternalStore(step.subscribe, step.get, step.get);
  const { setFocus } = useFormContext<EstimateFormValues>();
  const typed: unknown = useWatch<EstimateFormValues>({ name: 'vehicle.postalCode' });
  const postalCode = typeof typed === 'string' ? postalDigits(typed) : '';
  // False while hydrating (the HTML's native button), true once this code runs.
  const enhanced = useSyncExternalStore(noSubscription, isClient, isServer);
  const [picker, setPicker] = useState<ComponentType<BookingPickerProps> | null>(null);
  const [reload, setReload] = useState(0);
  const [said, setSaid] = useState<Said>({ text: '', failed: false });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const announce = useCallback((text: string, failed = false) => setSaid({ text, failed }), []);

  const wanted = enhanced && postalCode !== '';
  useEffect(() => {
    if (!wanted || picker) return undefined;
    let live = true;
    import('./BookingPicker').then(
      (module) => live && setPicker(() => module.default),
      () =>
        live &&
        announce(
          '空き枠を読み込めませんでした。「日時はあとで相談する」のまま送信できます。',
          true,
        ),
    );
    return () => {
      live = false;
    };
  }, [wanted, picker, reload, announce]);

  // A slot belongs to the shops of the code it was listed for.
  useEffect(() => {
    if (!postalCode && step.get().chosen) step.unchoose();
  }, [postalCode, step]);

  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);

  function showSlots() {
    if (postalCode) {
      setReload((count) => count + 1);
      return;
    }
    announce(`${postalLabel}（7桁）を入力すると、お近くの店舗と空き枠を表示します。`);
    setFocus('vehicle.postalCode');
  }

  const Picker = wanted ? picker : null;
  const button = !enhanced || !postalCode || said.failed;
  return (
    <fieldset className={`${styles.section} ${styles.group}`} aria-describedby={`${id}-hint`}>
      <legend className={styles.heading}>{bookingLegend}</legend>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {`${postalLabel}から、お近くの店舗と空き枠をご案内します。選ばずに送信することもできます。`}
      </p>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="alert" className={formStyles.alert}>
          {notice.message}
        </p>
      )}
      <label className={styles.choice}>
        <input
          type="radio"
          name={bookingControlNames.start}
          value=""
          checked={chosen === null}
          onChange={() => step.choose(null)}
        />
        {bookLaterLabel}
      </label>
      {Picker && <Picker step={step} postalCode={postalCode} reload={reload} announce={announce} />}
      {button && (
        <p>
          {enhanced ? (
            <button type="button" className={styles.slotsButton} onClick={showSlots}>
              {said.failed ? 'もう一度読み込む' : '空き枠を表示する'}
            </button>
          ) : (
            <button
              type="submit"
              name={showSlotsControl.name}
              value={showSlotsControl.value}
              formNoValidate
              className={styles.slotsButton}
            >
              空き枠を表示する
            </button>
          )}
        </p>
      )}
      <p role="status" className={fieldStyles.hint}>
        {said.text}
      </p>
    </fieldset>
  );
}
