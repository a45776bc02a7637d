// The privacy policy, the form's consent line and what the server sends agree, version by version
// (issue 38): what a visitor agrees to by ticking adConsent is pinned to the version that first
// asked for it, so a change of it moves that version and leads that agreed earlier send nothing
// (conversions.test.ts holds the sending side); each brand's policy names every recipient the
// channels can send to.
import { createHash } from 'node:crypto';
import { pages as carsupportPages } from '../../src/content/carsupport/pages';
import {
  adProvisionRecipients,
  adProvisionSince,
  asksAdProvision,
  externalTransmissions,
  privacyPolicyVersion,
  provisionRecipients,
} from '../../src/content/externalTransmission';
import { pages as yamadaPages } from '../../src/content/yamada/pages';
import { adRecipientCountries } from '../../src/content/adRecipients';
import { field } from '../../src/estimate/contract/fieldTable';
import { purposes } from '../../src/content/privacyPolicy';
import { abroadRecipients, accessControl, whereKept } from '../../src/content/privacyPromises';

/** The fingerprint of what the box covers, per version that asked for it. */
const agreedTo: Record<string, string> = {
  '2026-11-26': 'e9a8235fc9454eb46758f4f31af90119450836ae30c691bc82e74f12c9a32b0d',
  '2026-11-28': '226f2b7b693c09494ab287fd0d68813ebae57807738390fa1fc77089e5bbda2f',
};

function fingerprint(): string {
  const content = {
    consentLine: field('adConsent').formLabel,
    serverRows: externalTransmissions.filter((row) => row.route === 'server'),
    recipients: provisionRecipients,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

it('pins what the provision box covers (consent line, recipients, data, purposes) to adProvisionSince', () => {
  expect(
    fingerprint(),
    'What a visitor agrees to changed: set privacyPolicyVersion and adProvisionSince to the new ' +
      "version's date (leads that agreed to the old wording then send nothing) and pin this value " +
      'under it.',
  ).toBe(agreedTo[adProvisionSince]);
});

it('records, with every new lead, a policy version that asks for the provision; none before it does', () => {
  expect(asksAdProvision(privacyPolicyVersion)).toBe(true);
  const dayBefore = new Date(Date.parse(adProvisionSince) - 86_400_000).toISOString().slice(0, 10);
  expect(asksAdProvision(dayBefore)).toBe(false);
});

it("names, in each brand's policy, every recipient the server's rows send to, with its country", () => {
  const serverRecipients = new Set(
    externalTransmissions.filter((row) => row.route === 'server').map((row) => row.recipient),
  );
  expect(serverRecipients.size).toBeGreaterThan(0);
  for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
    const text = JSON.stringify(page);
    for (const recipient of serverRecipients) {
      const facts = provisionRecipients[recipient];
      expect(facts, recipient).toBeDefined();
      expect(text).toContain(`提供先：${recipient}（所在国：${facts!.country}）`);
      if (facts!.abroad) expect(text).toContain(facts!.abroad.systemUrl);
    }
  }
});

it('names beside the box exactly the recipients, and their countries, the server sends to', () => {
  expect(Object.entries(adRecipientCountries)).toEqual(
    adProvisionRecipients().map(({ name, facts }) => [name, facts.country]),
  );
});

it('gives, for each recipient abroad, its country’s system on the four points of the guidelines', () => {
  const abroad = abroadRecipients();
  expect(abroad.map((recipient) => recipient.name)).toEqual(['Google LLC', 'Meta Platforms, Inc.']);
  for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
    const text = JSON.stringify(page);
    for (const { facts } of abroad) {
      const { exists, indicator, principles, others } = facts.abroad!.system;
      for (const point of [exists, indicator, principles, others, facts.abroad!.measures]) {
        expect(point.length).toBeGreaterThan(20);
        expect(text).toContain(point);
      }
    }
  }
});

it('states where the data is kept and the safety measures, and the purposes include both provisions', () => {
  for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
    const safety = page.sections.find((section) => section.heading === '安全管理');
    expect(safety?.paragraphs).toContain(whereKept);
    expect(safety?.list?.join()).toContain(accessControl);
    const used = page.sections.find((section) => section.heading === '利用目的');
    expect(used?.list).toEqual(purposes);
  }
  expect(purposes.join()).toMatch(/提携整備工場へお客様の情報を提供/);
  expect(purposes.join()).toMatch(/広告事業者への提供/);
});

it('asks, beside the box, consent to what is sent: the lead, its bookings, completions and amounts', () => {
  const line = field('adConsent').formLabel ?? '';
  for (const words of ['ご予約', '車検完了', 'お支払い金額', '外国にある第三者']) {
    expect(line).toContain(words);
  }
});
