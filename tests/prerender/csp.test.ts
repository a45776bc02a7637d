// The Content-Security-Policy generator (prerender/csp.ts): what each directive allows.
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineStyles } from '../../prerender/csp';

function directive(csp: string, name: string): string[] {
  const found = csp.split('; ').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

function hash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

const css = ':root{color:#222}\nbody{margin:0}';
const csp = contentSecurityPolicy(
  { scripts: ['console.log(1)', 'console.log(1)'], styles: [css, css] },
  ['https://api.example.com'],
);

describe('contentSecurityPolicy', () => {
  it('allows inline scripts and the inlined stylesheet by hash, once each, and nothing inline else', () => {
    expect(directive(csp, 'script-src')).toContain(hash('console.log(1)'));
    expect(directive(csp, 'style-src')).toEqual(["'self'", hash(css)]);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("'unsafe-hashes'");
  });

  it('allows only the tag manager files a container loads as scripts, never the whole host', () => {
    const tagManagerSources = directive(csp, 'script-src').filter((source) =>
      source.includes('googletagmanager'),
    );
    expect(tagManagerSources).toEqual([
      'https://www.googletagmanager.com/gtm.js',
      'https://www.googletagmanager.com/gtag/js',
      'https://www.googletagmanager.com/gtag/destination',
    ]);
    expect(directive(csp, 'frame-src')).toEqual(['https://www.googletagmanager.com/ns.html']);
  });

  it('adds the API origins to connect-src and keeps the strict rest', () => {
    expect(directive(csp, 'connect-src')).toContain('https://api.example.com');
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
  });
});

describe('inlineStyles', () => {
  it('gives the exact text of every <style> element, as the browser hashes it', () => {
    expect(inlineStyles(`<head><style>${css}</style></head><body><style>a{}</style>`)).toEqual([
      css,
      'a{}',
    ]);
    expect(inlineStyles('<p>no style</p>')).toEqual([]);
  });
});
