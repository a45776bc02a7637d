/**
 * Notices a new deployment while a tab stays open: polls latest.json on an interval and when
 * the visitor comes back to the tab, cheaply (never while hidden, never for bots, at most every
 * few minutes on focus) and only until the first new id, which is all the page needs to know.
 */
import { fetchLatest } from './buildInfo';

export type VersionPollerOptions = {
  /** This bundle's build id (`__BUILD_ID__`). */
  currentId: string;
  /** Time between polls; defaults to VITE_VERSION_POLL_MINUTES or 60 minutes. */
  intervalMs?: number;
  /** Focus and visibility polls wait at least this long after the last poll; default 5 min. */
  minFocusGapMs?: number;
  /** Crawlers see one build per visit; polling would only cost requests. */
  isBot: boolean;
  /** Called once, with the new id, when a build other than currentId is live. */
  onNewBuild: (id: string) => void;
};

const defaultPollMinutes = 60;
const defaultMinFocusGapMs = 5 * 60_000;

/** The poll interval from VITE_VERSION_POLL_MINUTES (positive minutes), else 60 minutes. */
export function pollIntervalFromEnv(
  minutes: string | undefined = import.meta.env.VITE_VERSION_POLL_MINUTES,
): number {
  const parsed = Number(minutes);
  const valid = minutes !== undefined && minutes.trim() !== '' && Number.isFinite(parsed);
  return (valid && parsed > 0 ? parsed : defaultPollMinutes) * 60_000;
}

/** Starts polling; returns a function that stops it for good. */
export function startVersionPoller(options: VersionPollerOptions): () => void {
  const { currentId, isBot, onNewBuild } = options;
  if (isBot) return () => {};
  const intervalMs = positiveOr(options.intervalMs, pollIntervalFromEnv());
  const minFocusGapMs = positiveOr(options.minFocusGapMs, defaultMinFocusGapMs);

  let stopped = false;
  let inFlight = false;
  // The latest poll's number: an answer to an older, abandoned poll is dropped.
  let pollCount = 0;
  // The page was just loaded, which is as good as a poll.
  let lastPollAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(onTimer, intervalMs);
  };

  /**
   * One poll. `abandonInFlight`: the interval's turn does not wait for a request still under way
   * (fetchLatest gives up only after its own timeout, which can be longer than the interval): it
   * abandons that request and polls anew, so a hung request can never stop polling.
   */
  const poll = async (abandonInFlight: boolean) => {
    if (stopped || document.hidden || (inFlight && !abandonInFlight)) return;
    const count = ++pollCount;
    inFlight = true;
    lastPollAt = Date.now();
    schedule();
    let latest: Awaited<ReturnType<typeof fetchLatest>>;
    try {
      latest = await fetchLatest();
    } catch {
      latest = 'unknown';
    }
    if (count !== pollCount) return;
    inFlight = false;
    if (stopped || latest === 'unknown' || latest.id === currentId) return;
    stop();
    try {
      onNewBuild(latest.id);
    } catch (error) {
      console.error('[build-version] new build handler failed', error);
    }
  };

  function onTimer() {
    // A hidden tab skips this turn; coming back to it polls (see onAttention).
    if (document.hidden) schedule();
    else void poll(true);
  }

  const onAttention = () => {
    if (document.hidden || Date.now() - lastPollAt < minFocusGapMs) return;
    void poll(false);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onAttention);
    window.removeEventListener('focus', onAttention);
  }

  document.addEventListener('visibilitychange', onAttention);
  window.addEventListener('focus', onAttention);
  schedule();
  return stop;
}

// setTimeout fires at once for delays beyond 2^31-1 ms, which would turn polling into a loop.
const maxDelayMs = 2 ** 31 - 1;

function positiveOr(value: number | undefined, fallback: number): number {
  const chosen = value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  return Math.min(chosen, maxDelayMs);
}
