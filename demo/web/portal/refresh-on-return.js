// A list that may have changed elsewhere (a key used from a terminal, a delivery sent by the server) is read
// again when the person comes back to the page: the window regains focus or the tab becomes visible.
export class RefreshOnReturn {
  /** @param {import('lit').ReactiveControllerHost} host @param {() => unknown} refresh */
  constructor(host, refresh) {
    this._refresh = refresh;
    this._onFocus = () => void this._refresh();
    this._onVisible = () => {
      if (document.visibilityState === 'visible') void this._refresh();
    };
    host.addController(this);
  }

  hostConnected() {
    window.addEventListener('focus', this._onFocus);
    document.addEventListener('visibilitychange', this._onVisible);
  }

  hostDisconnected() {
    window.removeEventListener('focus', this._onFocus);
    document.removeEventListener('visibilitychange', this._onVisible);
  }
}
