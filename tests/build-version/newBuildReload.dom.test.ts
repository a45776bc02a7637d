import {
  handleNewBuild,
  navigateWithFullLoad,
  resetNewBuildReload,
} from '../../src/build-version/newBuildReload';
import { reloadGuardMs } from '../../src/build-version/reloadGuard';
import { setPendingInput } from '../../src/lib/pendingInput';
import { stubLocation } from './fakes';

beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  resetNewBuildReload();
  setPendingInput('estimate-dialog', false);
  setPendingInput('simple-form', false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('handleNewBuild', () => {
  it('reloads the current page once the page is idle when nothing holds input', async () => {
    const location = stubLocation('http://localhost:3000/term?utm_source=ad');
    handleNewBuild('b2');
    expect(location.reload).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(console.info).toHaveBeenCalledWith(
      '[build-version] reload: new build b2 → http://localhost:3000/term?utm_source=ad',
    );
  });

  it('waits while input is pending and reloads once it is released', async () => {
    const location = stubLocation('http://localhost:3000/');
    setPendingInput('estimate-dialog', true);
    setPendingInput('simple-form', true);
    handleNewBuild('b2');
    await vi.runAllTimersAsync();
    expect(location.reload).not.toHaveBeenCalled();

    setPendingInput('estimate-dialog', false);
    await vi.runAllTimersAsync();
    expect(location.reload).not.toHaveBeenCalled();

    setPendingInput('simple-form', false);
    await vi.runAllTimersAsync();
    expect(location.reload).toHaveBeenCalledTimes(1);

    // Later input changes don't start another reload.
    setPendingInput('simple-form', true);
    setPendingInput('simple-form', false);
    await vi.runAllTimersAsync();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when input starts before the idle moment comes', async () => {
    const location = stubLocation('http://localhost:3000/');
    handleNewBuild('b2');
    setPendingInput('estimate-dialog', true);
    await vi.runAllTimersAsync();
    expect(location.reload).not.toHaveBeenCalled();
    setPendingInput('estimate-dialog', false);
    await vi.runAllTimersAsync();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('uses requestIdleCallback where the browser has it', () => {
    const location = stubLocation('http://localhost:3000/');
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    handleNewBuild('b2');
    expect(location.reload).not.toHaveBeenCalled();
    idle?.();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('acts on the first report only', async () => {
    const location = stubLocation('http://localhost:3000/');
    handleNewBuild('b2');
    handleNewBuild('b3');
    await vi.runAllTimersAsync();
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('new build b2'));
  });
});

describe('navigateWithFullLoad', () => {
  it('leaves navigation to the router while no new build is known', () => {
    const location = stubLocation('http://localhost:3000/');
    expect(navigateWithFullLoad('/term')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('turns the next navigation into a full load of its target', () => {
    const location = stubLocation('http://localhost:3000/');
    setPendingInput('simple-form', true); // keeps the idle reload from going first
    handleNewBuild('b2');
    setPendingInput('simple-form', false);
    expect(navigateWithFullLoad('/legal?utm_source=ad')).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('http://localhost:3000/legal?utm_source=ad');
  });

  it('cancels the idle reload once the navigation has done the full load', async () => {
    const location = stubLocation('http://localhost:3000/');
    handleNewBuild('b2');
    expect(navigateWithFullLoad('/term')).toBe(true);
    await vi.runAllTimersAsync();
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('keeps navigating in-app while input is pending', () => {
    const location = stubLocation('http://localhost:3000/');
    setPendingInput('estimate-dialog', true);
    handleNewBuild('b2');
    expect(navigateWithFullLoad('/term')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('keeps navigating in-app when that path was just reloaded', () => {
    const location = stubLocation('http://localhost:3000/');
    setPendingInput('estimate-dialog', true);
    handleNewBuild('b2');
    setPendingInput('estimate-dialog', false);
    sessionStorage.setItem('reload_guard:/term', String(Date.now() - reloadGuardMs + 1_000));
    expect(navigateWithFullLoad('/term')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('an open dialog', () => {
  it('keeps the reload waiting until it closes, even when it holds no input', async () => {
    const location = stubLocation('http://localhost:3000/');
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    try {
      handleNewBuild('b2');
      await vi.runAllTimersAsync();
      expect(location.reload).not.toHaveBeenCalled();

      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
      await vi.runAllTimersAsync();
      expect(location.reload).toHaveBeenCalledTimes(1);
    } finally {
      dialog.remove();
    }
  });
});
