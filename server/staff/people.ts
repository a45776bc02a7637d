// A person's requests (APPI arts. 33–35) for staff, each audited: a disclosure copy of everything
// kept about them in this brand, a correction, erasure now (the retention rule at once) and
// stopping the provision to the ad platforms (their consent withdrawn, with its time).
import * as v from 'valibot';
import { normalizePhone } from '../../src/estimate/contract/validation/normalize';
import { field } from '../../src/estimate/contract/fieldTable';
import { customerEntries } from '../../src/estimate/contract/validation/formParts';
import { leadChannels } from '../delivery/channels';
import { mailboxKey } from '../delivery/receiptRules';
import { json } from '../http/answers';
import type { AppContext } from '../http/context';
import { messages } from '../http/messages';
import { erasedLead } from '../leads/retention';
import type { StoredLead } from '../leads/store';
import { parseWith } from './forms/result';
import { audit } from './gate';

const conversionChannels = leadChannels.filter((channel) => channel.platform);

/** What was provided to which platform and when: each conversion channel's state. */
function provisions(lead: StoredLead) {
  return conversionChannels.flatMap((channel) => {
    const delivery = lead.deliveries?.find((row) => row.channel === channel.name);
    return delivery
      ? [
          {
            platform: channel.platform,
            event: channel.event,
            sentAt: delivery.sentAt,
            state: delivery.state,
          },
        ]
      : [];
  });
}

const refused = (field: string, message: string) => json(422, { errors: { [field]: message } });

export async function person(c: AppContext): Promise<Response> {
  const email = c.req.query('email')?.trim() ?? '';
  const phone = normalizePhone(c.req.query('phone') ?? '');
  if (!email && !/^\d{10,11}$/.test(phone)) {
    return refused(
      'form',
      `email（${field('customer.email').label}）か phone（${field('customer.phone').label}）を指定してください。`,
    );
  }
  const { leads, staff } = c.var.services;
  const found = await leads.ofPerson(c.var.brand, { mailbox: email && mailboxKey(email), phone });
  const copies = await Promise.all(
    found.map(async (lead) => {
      const history = (await staff.lead(c.var.brand, lead.id))?.history ?? [];
      return {
        id: lead.id,
        receivedAt: lead.receivedAt,
        request: lead.request,
        matching: lead.matching ?? null,
        adConsentWithdrawnAt: lead.adConsentWithdrawnAt ?? null,
        stage: lead.stage,
        stages: history,
        deliveries: lead.deliveries ?? [],
        provisions: provisions(lead),
      };
    }),
  );
  // The audit names the leads shown, never the address or number asked for.
  await audit(c, 'people', copies.map((lead) => lead.id).join(' ') || '該当なし');
  return json(200, { leads: copies });
}

async function leadOr404(c: AppContext): Promise<StoredLead | Response> {
  const lead = await c.var.services.staff.lead(c.var.brand, c.req.param('id') ?? '');
  return lead ?? json(404, { error: messages.notFound });
}

async function body(c: AppContext): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

export async function withdrawConsent(c: AppContext): Promise<Response> {
  const lead = await leadOr404(c);
  if (lead instanceof Response) return lead;
  const posted = await body(c);
  if (!(
    typeof posted === 'object' &&
    posted &&
    (posted as { adConsent?: unknown }).adConsent === false
  )) {
    return refused('adConsent', '同意の撤回は {"adConsent": false} で送信してください。');
  }
  const at = c.var.services.now().toISOString();
  const names = conversionChannels.map((channel) => channel.name);
  await c.var.services.leads.withdrawAdConsent(lead.id, names, at);
  await audit(c, 'consent', lead.id);
  const withdrawn = (await c.var.services.leads.get(lead.id))?.adConsentWithdrawnAt ?? at;
  return json(200, { id: lead.id, adConsentWithdrawnAt: withdrawn });
}

export async function eraseNow(c: AppContext): Promise<Response> {
  const lead = await leadOr404(c);
  if (lead instanceof Response) return lead;
  const at = c.var.services.now().toISOString();
  if (!lead.erasedAt) await c.var.services.leads.erase([erasedLead(lead, at, 'request')]);
  await audit(c, 'erase', lead.id);
  return json(200, { id: lead.id, erasedAt: lead.erasedAt ?? at });
}

const correctionSchema = v.object(
  Object.fromEntries(
    Object.entries(customerEntries).map(([key, schema]) => [key, v.optional(schema)]),
  ),
);

/** Corrects the contact the person gave: their fields only, each by the estimate's own rule. */
export async function correct(c: AppContext): Promise<Response> {
  const lead = await leadOr404(c);
  if (lead instanceof Response) return lead;
  if (lead.erasedAt) return refused('form', '消去済みのため訂正できません。');
  const posted = await body(c);
  const customer =
    typeof posted === 'object' && posted ? (posted as { customer?: unknown }).customer : undefined;
  const parsed = parseWith(correctionSchema, customer ?? {});
  if (!parsed.ok) return json(422, { errors: parsed.errors });
  const given = Object.fromEntries(
    Object.entries(parsed.value).filter(([, value]) => value !== undefined),
  );
  const corrected: StoredLead = {
    ...lead,
    request: { ...lead.request, customer: { ...lead.request.customer, ...given } },
  };
  await c.var.services.leads.rewrite(corrected);
  await audit(c, 'correct', lead.id);
  return json(200, { id: lead.id, customer: corrected.request.customer });
}
