import { entryUrlStorageKey } from './trackingData';
import { attributionParams, trackingUrlMaxLength } from './trackingFields';

/**
 * Inline <head> script: records the session's entry path, with only its attribution parameters
 * (as keepAttributionParams does), in sessionStorage while the HTML parses. The app's code loads
 * after the first paint; a visitor who reloads or follows a link before then must not lose the
 * campaign parameters they arrived with (recordVisit applies the entry's parameters once per
 * session). Never throws: storage may be blocked.
 */
export const captureEntryScript = `(function(){try{var s=sessionStorage,k=${JSON.stringify(entryUrlStorageKey)},a=${JSON.stringify(attributionParams)},o=new URLSearchParams();if(s.getItem(k))return;new URLSearchParams(location.search).forEach(function(v,n){if(a.indexOf(n)>-1)o.append(n,v)});o=o.toString();s.setItem(k,(location.pathname+(o?'?'+o:'')).slice(0,${trackingUrlMaxLength}))}catch(e){}})();`;
