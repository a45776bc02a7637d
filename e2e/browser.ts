/** How Playwright launches Debian's Chromium on these machines (no browser downloads here). */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // *.localhost is loopback by definition; say so rather than rely on the resolver.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
];
