import {
  canReload,
  guardedReload,
  markReload,
  reloadGuardMs,
} from '../../src/build-version/reloadGuard';
import { stubLocation } from './fakes';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('canReload / markReload', () => {
  it('allows a path that was never reloaded', () => {
    expect(canReload('/term', 1_000)).toBe(true);
  });

  it('blocks the same path for 10 seconds after a reload, then allows it', () => {
    expect(markReload('/term', 50_000)).toBe(true);
    expect(canReload('/term', 50_001)).toBe(false);
    expect(canReload('/term', 50_000 + reloadGuardMs - 1)).toBe(false);
    expect(canReload('/term', 50_000 + reloadGuardMs)).toBe(true);
  });

  it('keeps each path apart', () => {
    markReload('/term', 50_000);
    expect(canReload('/legal', 50_001)).toBe(true);
    expect(canReload('/term', 50_001)).toBe(false);
  });

  it('stores the guard in sessionStorage under reload_guard:', () => {
    markReload('/legal', 42);
    expect(sessionStorage.getItem('reload_guard:/legal')).toBe('42');
  });

  it('ignores a corrupt or future entry instead of blocking', () => {
    sessionStorage.setItem('reload_guard:/', 'not a number');
    expect(canReload('/', 1_000)).toBe(true);
    sessionStorage.setItem('reload_guard:/', String(10_000_000));
    expect(canReload('/', 1_000)).toBe(true);
  });

  it('drops expired entries when it records a new one', () => {
    markReload('/term', 1_000);
    markReload('/legal', 1_000 + reloadGuardMs + 1);
    expect(sessionStorage.getItem('reload_guard:/term')).toBeNull();
    expect(sessionStorage.getItem('reload_guard:/legal')).not.toBeNull();
  });

  it('refuses when storage cannot be read or written', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(canReload('/', 1_000)).toBe(false);
    vi.restoreAllMocks();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(markReload('/', 1_000)).toBe(false);
  });
});

describe('guardedReload', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });

  it('reloads the current URL in place and logs the reason', () => {
    const location = stubLocation('http://localhost:3000/term?utm_source=x');
    expect(guardedReload('http://localhost:3000/term?utm_source=x', 'chunk load failed')).toBe(
      true,
    );
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(location.assign).not.toHaveBeenCalled();
    expect(console.info).toHaveBeenCalledWith(
      '[build-version] reload: chunk load failed → http://localhost:3000/term?utm_source=x',
    );
  });

  it('loads another path with location.assign', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(guardedReload('/legal', 'new build b2')).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('http://localhost:3000/legal');
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('reloads after moving when only the hash differs, since a hash change loads nothing', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(guardedReload('/#flow', 'new build b2')).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('http://localhost:3000/#flow');
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing a second time within 10 s, and reloads again after', () => {
    const location = stubLocation('http://localhost:3000/term');
    expect(guardedReload('/term', 'first')).toBe(true);
    vi.advanceTimersByTime(reloadGuardMs - 1);
    expect(guardedReload('/term', 'second')).toBe(false);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(console.info).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(guardedReload('/term', 'third')).toBe(true);
    expect(location.reload).toHaveBeenCalledTimes(2);
  });

  it('guards per path: another path may still reload', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(guardedReload('/term', 'a')).toBe(true);
    expect(guardedReload('/term?x=1', 'b')).toBe(false);
    expect(guardedReload('/legal', 'c')).toBe(true);
    expect(location.assign).toHaveBeenCalledTimes(2);
  });

  it('never reloads when sessionStorage is blocked', () => {
    const location = stubLocation('http://localhost:3000/');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(guardedReload('/', 'x')).toBe(false);
    expect(guardedReload('/', 'x')).toBe(false);
    expect(location.reload).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('never reloads when writes are silently dropped', () => {
    const location = stubLocation('http://localhost:3000/');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {});
    expect(guardedReload('/', 'x')).toBe(false);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('refuses a target on another origin', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(guardedReload('https://evil.example/', 'x')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });
});
