// The consent boxes of the estimate form: the privacy policy's (required) and the ad platforms' (optional).
import { guideConsentNote } from './contract/guideConsent';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { describedBy, ErrorMessage, fieldStyles, RequiredBadge } from '../forms/Field';
import {
  adConsentNote,
  externalTransmissionHeading,
  externalTransmissionHref,
  thirdPartyHeading,
  thirdPartySectionId,
} from '../content/externalTransmissionLink';
import { adRecipientCountries } from '../content/adRecipients';
import { field, formLabel } from './contract/fieldTable';
import type { EstimateFormValues } from './contract/formValues';
import styles from './EstimateFields.module.css';
import { useFieldError } from './registeredFields';

export function Consent() {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const message = useFieldError('consent');
  return (
    <div className={styles.consent}>
      <p className={fieldStyles.hint}>
        {/* A new tab, so reading the policy never costs what was typed here. */}
        <a href="/privacypolicy" target="_blank" rel="noopener noreferrer">
          プライバシーポリシー（新しいタブで開きます）
        </a>
        と
        <a href={externalTransmissionHref} target="_blank" rel="noopener noreferrer">
          {externalTransmissionHeading}（新しいタブで開きます）
        </a>
        をご確認ください。
      </p>
      <label htmlFor={id} className={styles.choice}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(message && errorId)}
          required={field('consent').required}
          {...register('consent')}
        />
        {formLabel('consent')}
        <RequiredBadge required />
      </label>
      <ErrorMessage id={errorId} message={message} />
    </div>
  );
}

// The provision to the ad platforms, its own optional choice (APPI art. 27), unticked, with what
// art. 28 asks to be told one tap away: the privacy policy's 第三者提供 lists each recipient.
export function AdConsent() {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const noteId = `${id}-note`;
  const recipients = Object.entries(adRecipientCountries)
    .map(([name, country]) => `${name}（${country}）`)
    .join('、');
  return (
    <div className={styles.consent}>
      <label htmlFor={id} className={styles.choice}>
        <input id={id} type="checkbox" aria-describedby={noteId} {...register('adConsent')} />
        {formLabel('adConsent')}
      </label>
      <p id={noteId} className={fieldStyles.hint}>
        {adConsentNote}提供先：{recipients}。提供する情報、外国の制度と各社の措置は
        <a href={`/privacypolicy#${thirdPartySectionId}`} target="_blank" rel="noopener noreferrer">
          {thirdPartyHeading}（新しいタブで開きます）
        </a>
        をご覧ください。
      </p>
    </div>
  );
}

// The 次回車検のご案内 (特定電子メール): its own optional choice, unticked.
export function GuideConsent() {
  const { register } = useFormContext<EstimateFormValues>();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={styles.consent}>
      <label htmlFor={id} className={styles.choice}>
        <input id={id} type="checkbox" aria-describedby={noteId} {...register('reminderConsent')} />
        {formLabel('reminderConsent')}
      </label>
      <p id={noteId} className={fieldStyles.hint}>
        {guideConsentNote}
      </p>
    </div>
  );
}
