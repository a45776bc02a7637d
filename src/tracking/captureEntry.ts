import { entryUrlStorageKey } from './trackingData';

/**
 * Inline <head> script: records the session's entry path+query in sessionStorage while the HTML
 * parses. The app's code loads after the first paint; a visitor who reloads or follows a link
 * before then must not lose the campaign parameters they arrived with (recordVisit applies the
 * entry's parameters once per session). Never throws: storage may be blocked.
 */
export const captureEntryScript = `(function(){try{var s=sessionStorage;if(!s.getItem('${entryUrlStorageKey}'))s.setItem('${entryUrlStorageKey}',(location.pathname+location.search).slice(0,2048))}catch(e){}})();`;
