// The prerender's render() for every row of the page table: a new row must render before it
// can ship. Runs in Node, as the prerender does.
import { brandIds, brands } from '../../src/brand/brands';
import { externalTransmissions } from '../../src/content/externalTransmission';
import {
  adConsentNote,
  externalTransmissionHeading,
  externalTransmissionHref,
  externalTransmissionSectionId,
} from '../../src/content/externalTransmissionLink';
import { pageOf, pageTable } from '../../src/content/pageTable';
import { render } from '../../src/entry-server';
import { pageTitles } from '../../src/content/pageData.server';

describe('the page table', () => {
  it('names each page file after its path, as the hosts serve <path>.html for <path>', () => {
    for (const page of pageTable) {
      expect(page.path).toBe(page.route === 'index' ? '/' : `/${page.route}`);
    }
    expect(new Set(pageTable.map((page) => page.route)).size).toBe(pageTable.length);
  });
});

describe.each(brandIds)('render for %s', (brand) => {
  it.each(pageTable)('renders $path with its own data', async (page) => {
    const result = await render(page.path, brand);
    expect(result.status).toBe(200);
    expect(result.pageData?.route).toBe(page.route);
    expect(result.pageData?.meta.title).toBe(`${pageTitles[page.route]}｜${brands[brand].name}`);
    expect(result.html).toContain('<h1');
    // The loader's data travels to the browser under the page's route id.
    expect(result.hydrationData.loaderData[page.route]).toEqual(result.pageData);
    expect(result.hydrationData.errors).toBeNull();
  });

  it('links every page that has a footer label from the footer, in table order', async () => {
    const { html } = await render('/', brand);
    // Up to the estimate dialog, whose consent links the privacy policy too.
    const footer = html.slice(
      html.indexOf('data-section="footer"'),
      html.indexOf('data-section="estimate-modal"'),
    );
    const linked = [...footer.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
      ([, href, label]) => [href, label],
    );
    const expected = pageTable.flatMap((page) =>
      page.footerLabel === null ? [] : [[page.path, page.footerLabel]],
    );
    expect(linked.filter(([href]) => expected.some(([path]) => path === href))).toEqual(expected);
  });

  it("says in the estimate form's consent line what goes to the ad platforms, as the answer pages do", async () => {
    const { html } = await render('/', brand);
    expect(html).toContain(adConsentNote);
  });

  it.each(pageTable)('links 「外部送信について」 from the footer of $path', async (page) => {
    const { html } = await render(page.path, brand);
    const footer = html.slice(html.indexOf('data-section="footer"'));
    expect(footer).toContain(`<a href="${externalTransmissionHref}"`);
    expect(footer).toContain(`>${externalTransmissionHeading}</a>`);
  });

  it("lists every recipient of the brand's table in the privacy policy's 「外部送信について」", async () => {
    const { html } = await render('/privacypolicy', brand);
    const start = html.indexOf(`id="${externalTransmissionSectionId}"`);
    expect(start).toBeGreaterThan(-1);
    // Its texts as read: the phrase breaks (<wbr>) left out.
    const section = html.slice(start, html.indexOf('</section>', start)).replaceAll('<wbr/>', '');
    expect(section).toContain(`>${externalTransmissionHeading}</h2>`);
    const items = [...section.matchAll(/<li>(.*?)<\/li>/gs)].map(([, item]) => item ?? '');
    expect(items).toHaveLength(externalTransmissions.length);
    externalTransmissions.forEach((row, index) => {
      const item = items[index] ?? '';
      expect(item).toContain(`${row.recipient}（${row.service}`);
      for (const data of row.data) expect(item).toContain(data);
      expect(item).toContain(row.recipientPurpose);
      expect(item).toContain(row.ourPurpose);
    });
  });

  it("links the section from the estimate form's consent line, which names the provision", async () => {
    const { html } = await render('/', brand);
    const dialog = html.slice(html.indexOf('data-section="estimate-modal"'));
    const consent = dialog.slice(0, dialog.indexOf('type="checkbox"'));
    expect(consent).toContain(`<a href="${externalTransmissionHref}"`);
    // The provision itself is the optional choice after it, never part of the required consent.
    expect(consent).not.toContain('広告配信事業者に送信します');
    expect(dialog).toContain(
      '広告事業者（外国にある第三者を含む）に提供することに同意する（任意）',
    );
    expect(externalTransmissionHref).toBe(
      `${pageOf('privacypolicy').path}#${externalTransmissionSectionId}`,
    );
  });

  it('answers 404 with the not-found page for a path outside the table', async () => {
    const result = await render('/no-such-page', brand);
    expect(result.status).toBe(404);
    expect(result.pageData).toBeNull();
  });
});
