// The native post: control names are the body's paths ("vehicle.maker"), rebuilt into the object
// the JSON submit sends, so one schema judges both.
import { bookingControlNames } from '../../src/estimate/contract/booking';
import { hiddenControlNames, quoteControlNames } from '../../src/estimate/contract/controlNames';
import { fieldPaths } from '../../src/estimate/contract/fieldTable';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { trackingCookieName } from '../../src/tracking/trackingCookie';

export function formPostNames(): string[] {
  return [
    ...fieldPaths,
    ...hiddenControlNames,
    honeypotField,
    bookingControlNames.shop,
    bookingControlNames.start,
  ];
}

export type PostedValues = Record<string, string>;

export function postedValues(body: string): PostedValues {
  const params = new URLSearchParams(body);
  const values: PostedValues = {};
  for (const name of formPostNames()) {
    const value = params.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const [group, key] = path.split('.', 2);
  if (!group) return;
  if (key === undefined) {
    target[group] = value;
    return;
  }
  const inner = (target[group] ??= {}) as Record<string, unknown>;
  inner[key] = value;
}

export function requestFromForm(values: PostedValues, cookieHeader: string | null): unknown {
  const body: Record<string, unknown> = {};
  for (const name of fieldPaths) {
    if (name === 'consent' || name === 'adConsent' || name === 'reminderConsent') continue;
    setPath(body, name, values[name] ?? '');
  }
  body.consent = values.consent !== undefined && values.consent !== '';
  body.adConsent = values.adConsent === 'on';
  body.reminderConsent = values.reminderConsent === 'on';
  for (const name of ['brand', 'entryPoint', honeypotField] as const) {
    if (values[name] !== undefined) body[name] = values[name];
  }
  const vehicleClass = values[quoteControlNames.vehicleClass];
  const roughTotal = values[quoteControlNames.roughTotal];
  if (vehicleClass && roughTotal && /^\d{1,9}$/.test(roughTotal)) {
    body.quote = { vehicleClass, roughTotal: Number(roughTotal) };
  }
  const start = values[bookingControlNames.start];
  if (start) body.booking = { shop: values[bookingControlNames.shop] ?? '', start };
  body.tracking = trackingFromCookie(cookieHeader);
  return body;
}

/** The tracking cookie as js-cookie writes it (percent-encoded JSON); the schema cleans it. */
function trackingFromCookie(cookieHeader: string | null): unknown {
  if (!cookieHeader) return {};
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== trackingCookieName) continue;
    try {
      return JSON.parse(decodeURIComponent(pair.slice(separator + 1).trim())) as unknown;
    } catch {
      return {};
    }
  }
  return {};
}
