import { act, renderHook } from '@testing-library/react';
import { loadBusinessHours } from '../../src/business-hours/loadBusinessHours';
import { useOutsideBusinessHours } from '../../src/business-hours/useOutsideBusinessHours';

vi.mock('../../src/business-hours/loadBusinessHours', () => ({ loadBusinessHours: vi.fn() }));

const load = vi.mocked(loadBusinessHours);

beforeAll(async () => {
  // The hook imports the hours code lazily; load it once here so that import settles on the
  // fake timers' microtasks rather than on module loading.
  await import('../../src/business-hours/businessHours');
  await import('../../src/business-hours/loadBusinessHours');
});

beforeEach(() => {
  load.mockReset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useOutsideBusinessHours', () => {
  it('is false on the first render, then follows the hours once loaded in idle time', async () => {
    vi.setSystemTime(new Date('2025-06-02T20:00:00+09:00'));
    load.mockResolvedValue({ start: '9:00', end: '19:00' });

    const { result } = renderHook(() => useOutsideBusinessHours());
    expect(result.current).toBe(false);
    expect(load).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(true);
  });

  it('re-evaluates at each minute', async () => {
    vi.setSystemTime(new Date('2025-06-02T18:59:30+09:00'));
    load.mockResolvedValue({ start: '9:00', end: '19:00' });

    const { result, unmount } = renderHook(() => useOutsideBusinessHours());
    const marked = () => document.documentElement.hasAttribute('data-outside-hours');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe(false);

    // 19:00 itself is still inside.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current).toBe(false);
    expect(marked()).toBe(false);

    // Every phone number on the page says so from here (the header's and footer's CSS).
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current).toBe(true);
    expect(marked()).toBe(true);
    unmount();
    expect(marked()).toBe(false);
  });

  it('turns false again when the next day’s hours begin', async () => {
    vi.setSystemTime(new Date('2025-06-02T08:58:10+09:00'));
    load.mockResolvedValue({ start: '9:00', end: '19:00' });

    const { result } = renderHook(() => useOutsideBusinessHours());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(result.current).toBe(false);
  });

  it('stays false when the hours cannot be loaded', async () => {
    vi.setSystemTime(new Date('2025-06-02T03:00:00+09:00'));
    load.mockResolvedValue(null);

    const { result } = renderHook(() => useOutsideBusinessHours());
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));

    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(false);
  });

  it('stops its timers on unmount', async () => {
    vi.setSystemTime(new Date('2025-06-02T20:00:00+09:00'));
    load.mockResolvedValue({ start: '9:00', end: '19:00' });

    const { unmount } = renderHook(() => useOutsideBusinessHours());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    unmount();

    expect(vi.getTimerCount()).toBe(0);
  });
});
