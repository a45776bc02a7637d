import { entryUrlStorageKey } from './trackingData';
import { attributionParams, trackingUrlMaxLength } from './trackingFields';

/** Records the entry path while the HTML parses: a reload before the app loads keeps the campaign. */
export const captureEntryScript = `(function(){try{var s=sessionStorage,k=${JSON.stringify(entryUrlStorageKey)},a=${JSON.stringify(attributionParams)},o=new URLSearchParams();if(s.getItem(k))return;new URLSearchParams(location.search).forEach(function(v,n){if(a.indexOf(n)>-1)o.append(n,v)});o=o.toString();s.setItem(k,(location.pathname+(o?'?'+o:'')).slice(0,${trackingUrlMaxLength}))}catch(e){}})();`;
