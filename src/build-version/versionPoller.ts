// Notices a new deployment in an open tab: cheap polls (never hidden, never bots) until one new id.
import { fetchLatest } from './buildInfo';

export type VersionPollerOptions = {
  currentId: string;
  intervalMs?: number;
  /** After the last poll; default 5 min. */
  minFocusGapMs?: number;
  /** Crawlers see one build per visit; polling would only cost requests. */
  isBot: boolean;
  onNewBuild: (id: string) => void;
};

const defaultPollMinutes = 60;
const defaultMinFocusGapMs = 5 * 60_000;

export function pollIntervalFromEnv(
  minutes: string | undefined = import.meta.env.VITE_VERSION_POLL_MINUTES,
): number {
  const parsed = Number(minutes);
  const valid = minutes !== undefined && minutes.trim() !== '' && Number.isFinite(parsed);
  return (valid && parsed > 0 ? parsed : defaultPollMinutes) * 60_000;
}

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

  /** `abandonInFlight`: the request's timeout can outlast the interval; a hung one is dropped. */
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
