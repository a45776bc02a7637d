// CloudFront Function (cloudfront-js-2.0), viewer request: clean URLs to the tree's files, with the
// Worker's path rules (server/site/paths.ts). Each brand host's distribution picks its tree
// by origin path. A plain script: no modules, no Node APIs.

var notFoundKey = '/__not_found__';
var indexAliases = { '/index': true, '/index.html': true };
var notPages = { '/404': true, '/404.html': true, '/_headers': true };

function queryString(querystring) {
  var parts = [];
  Object.keys(querystring || {}).forEach(function (name) {
    var entry = querystring[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    values.forEach(function (item) {
      parts.push(item.value === '' ? name : name + '=' + item.value);
    });
  });
  return parts.length ? '?' + parts.join('&') : '';
}

function redirect(location) {
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: {
      location: { value: location },
      'cache-control': { value: 'no-cache' },
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls it by name
function handler(event) {
  var request = event.request;
  var decoded;
  try {
    decoded = decodeURIComponent(request.uri);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a catch binding for ES5 runtimes
  } catch (e) {
    decoded = null; // malformed percent-encoding
  }
  // eslint-disable-next-line no-control-regex
  if (decoded === null || decoded.charAt(0) !== '/' || /[\u0000-\u001f\u007f\\]/.test(decoded)) {
    request.uri = notFoundKey;
    return request;
  }
  var segments = decoded.split('/');
  if (segments.indexOf('..') >= 0) {
    request.uri = notFoundKey;
    return request;
  }
  var kept = segments.filter(function (segment) {
    return segment !== '' && segment !== '.';
  });
  var path = '/' + kept.join('/');
  if (indexAliases[path]) return redirect('/' + queryString(request.querystring));
  if (notPages[path]) {
    request.uri = notFoundKey;
    return request;
  }
  var encoded = '/' + kept.map(encodeURIComponent).join('/');
  // A page's file name (`/term.html`) goes to its clean URL, which the app's router knows.
  if (/\.html$/.test(path)) {
    return redirect(encoded.slice(0, -'.html'.length) + queryString(request.querystring));
  }
  // Built from non-empty segments: never `//host` or `/\host`.
  if (path !== decoded) return redirect(encoded + queryString(request.querystring));

  var last = kept.length ? kept[kept.length - 1] : '';
  if (path === '/') encoded = '/index.html';
  else if (last.indexOf('.') < 0) encoded += '.html';
  request.uri = encoded;
  return request;
}
