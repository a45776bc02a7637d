import {
  PayloadLoadError,
  installChunkFailureHandlers,
  isChunkLoadError,
  recoverFromChunkError,
} from '../../src/build-version/chunkFailure';
import { reloadGuardMs } from '../../src/build-version/reloadGuard';
import { stubLocation } from './fakes';

let uninstall: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: 7_000_000 });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function preloadError(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/Term-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: http://localhost/assets/Term-abc.js',
    'Unable to preload CSS for /assets/Term-abc.css',
  ])('recognises the browser message %j', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises a ChunkLoadError by name and a payload failure by class', () => {
    const chunk = new Error('Loading chunk 3 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new PayloadLoadError('/_app/builds/a/payload/term.json', '404'))).toBe(
      true,
    );
  });

  it.each([
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['a fetch failure of the API', new TypeError('Failed to fetch')],
    ['a string', 'Failed to fetch dynamically imported module'],
    ['null', null],
    ['an object without a message', { status: 404 }],
  ])('does not take %s for a load failure', (_label, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('PayloadLoadError', () => {
  it('is an Error that names the payload it could not load', () => {
    const error = new PayloadLoadError('/_app/builds/a/payload/term.json', 'status 404');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PayloadLoadError');
    expect(error.url).toBe('/_app/builds/a/payload/term.json');
    expect(error.message).toContain('status 404');
  });
});

describe('recoverFromChunkError', () => {
  it('reloads the target path once, then leaves it to the error page within 10 s', () => {
    const location = stubLocation('http://localhost:3000/');
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(recoverFromChunkError(error, '/term')).toBe('reloading');
    expect(location.assign).toHaveBeenCalledWith('http://localhost:3000/term');
    expect(recoverFromChunkError(error, '/term')).toBe('show-error');
    expect(location.assign).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(reloadGuardMs);
    expect(recoverFromChunkError(error, '/term')).toBe('reloading');
  });

  it('shows the error page for errors that are not load failures', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(recoverFromChunkError(new Error('boom'), '/term')).toBe('show-error');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('logs a payload failure as such', () => {
    stubLocation('http://localhost:3000/');
    recoverFromChunkError(new PayloadLoadError('/p.json', 'not JSON'), '/legal');
    expect(console.info).toHaveBeenCalledWith(
      '[build-version] reload: payload load failed → /legal',
    );
  });
});

describe('installChunkFailureHandlers', () => {
  it('reloads once on vite:preloadError and not again within 10 s', () => {
    const location = stubLocation('http://localhost:3000/term');
    uninstall = installChunkFailureHandlers();
    const first = preloadError();
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(console.info).toHaveBeenCalledWith(
      '[build-version] reload: chunk load failed → http://localhost:3000/term',
    );

    vi.advanceTimersByTime(reloadGuardMs - 1);
    const second = preloadError();
    expect(location.reload).toHaveBeenCalledTimes(1);
    // Not cancelled: the error goes on to the route's error boundary.
    expect(second.defaultPrevented).toBe(false);

    vi.advanceTimersByTime(1);
    preloadError();
    expect(location.reload).toHaveBeenCalledTimes(2);
  });

  it('leaves a failure during an in-app navigation to the route boundary (it knows the target)', () => {
    const location = stubLocation('http://localhost:3000/');
    let navigating = true;
    uninstall = installChunkFailureHandlers({ isNavigating: () => navigating });
    const during = preloadError();
    expect(location.reload).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
    expect(during.defaultPrevented).toBe(false);

    navigating = false;
    expect(preloadError().defaultPrevented).toBe(true);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('stops listening once uninstalled', () => {
    const location = stubLocation('http://localhost:3000/');
    installChunkFailureHandlers()();
    preloadError();
    expect(location.reload).not.toHaveBeenCalled();
  });
});
