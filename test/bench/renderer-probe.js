/**
 * In-page probe of the renderer benchmark (test/bench/renderer.ts). It runs in Chromium, not in
 * Node (hence plain browser JavaScript), installed with `page.addInitScript` so that it starts
 * before the app's own scripts on every navigation. It defines `globalThis.brmBenchProbe`
 * (typed as `BenchProbe` in renderer.ts). All times are `performance.now()` ms, i.e. relative to
 * the navigation start.
 *
 * "Painted" means: the first animation frame after the DOM reached the awaited state has run its
 * callbacks, style, layout and paint (measured by a task posted from that frame's
 * requestAnimationFrame callback, which runs right after the frame).
 */
(() => {
  /** The list boxes measured: Contacts unless a call names another (e.g. "Companies", "Documents"). */
  const listOf = (label) => `[role="listbox"][aria-label="${label}"]`;
  const contactsList = listOf('Contacts');

  /** Long tasks (over 50 ms, W3C Long Tasks API) since the navigation. */
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  /** The last user input event of each kind (`event.timeStamp`, ms), recorded before the app sees it. */
  const lastInput = { keydown: 0, click: 0 };
  for (const type of Object.keys(lastInput)) {
    addEventListener(type, (event) => (lastInput[type] = event.timeStamp), { capture: true, passive: true });
  }

  /** Resolves to the time right after the next frame (see the module docs); `check` runs in its rAF callback. */
  const afterFrame = (check) =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        if (!check()) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );

  /**
   * Resolves to the time right after the first frame painted once `ready()` holds, or to null after
   * `timeoutMs`. `ready` must not read layout: it is checked on every DOM mutation.
   */
  const whenPainted = (ready, timeoutMs) =>
    new Promise((resolve) => {
      let settled = false;
      const stop = () => {
        settled = true;
        observer.disconnect();
        clearTimeout(timer);
      };
      const check = () => {
        if (settled || !ready()) return;
        stop();
        afterFrame(() => true).then(resolve);
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const timer = setTimeout(() => {
        if (settled) return;
        stop();
        resolve(null);
      }, timeoutMs);
      check();
    });

  /**
   * Like `whenPainted` for a `ready()` that reads layout: checked once per frame, in the frame's rAF
   * callback (where the frame lays out anyway), so the probe forces no extra layout.
   */
  const whenFramePainted = async (ready, timeoutMs) => {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const painted = await afterFrame(ready);
      if (painted !== null) return painted;
    }
    return null;
  };

  const list = (label = 'Contacts') => document.querySelector(listOf(label));
  const hasRows = () => document.querySelector(`${contactsList} [role="option"]`) !== null;

  /** What the list shows: the result count and the first rows' text ('' when it shows no rows). */
  const rowsSignature = () => {
    const rows = [...document.querySelectorAll(`${contactsList} [role="option"]`)].slice(0, 8);
    if (rows.length === 0) return '';
    return `${rows[0].getAttribute('aria-setsize')}|${rows.map((row) => row.textContent).join('|')}`;
  };

  /** True when every row intersecting the list's viewport is a loaded row (role option), not a placeholder. */
  const viewLoaded = (label) => {
    const box = list(label);
    const sizer = box?.firstElementChild;
    if (!box || !sizer) return false;
    const view = box.getBoundingClientRect();
    const visible = [...sizer.children].filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.bottom > view.top && rect.top < view.bottom;
    });
    return visible.length > 0 && visible.every((row) => row.getAttribute('role') === 'option');
  };

  /** Seeded pseudo-random numbers in [0, 1) (mulberry32), so runs scroll to the same places. */
  const random = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const firstRowsAfterLoad = whenPainted(hasRows, 120_000);
  let armed = null;

  globalThis.brmBenchProbe = {
    firstRowsAfterLoad: () => firstRowsAfterLoad,
    armFirstRows() {
      armed = whenPainted(hasRows, 30_000);
    },
    async firstRowsAfterClick() {
      const painted = await armed;
      return painted === null ? null : painted - lastInput.click;
    },
    armRowsChange() {
      const before = rowsSignature();
      armed = whenPainted(() => {
        const now = rowsSignature();
        return now !== '' && now !== before;
      }, 5_000);
    },
    async rowsChangeAfterKey() {
      const painted = await armed;
      return painted === null ? null : painted - lastInput.keydown;
    },
    armRowText(text) {
      armed = whenPainted(
        () =>
          [...document.querySelectorAll(`${contactsList} [role="option"]`)].some((row) =>
            row.textContent.includes(text),
          ),
        5_000,
      );
    },
    async rowTextAfterClick() {
      const painted = await armed;
      return painted === null ? null : painted - lastInput.click;
    },
    longTaskCount: () => longTasks.length,
    longTasksFrom: (index) => longTasks.slice(index),
    waitForViewLoaded: (timeoutMs, label) => whenFramePainted(() => viewLoaded(label), timeoutMs),
    listBox(label) {
      const rect = list(label).getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    },
    async scrollJumps(count, seed, pauseMs, label) {
      const next = random(seed);
      let loaded = 0;
      for (let i = 0; i < count; i++) {
        const box = list(label);
        box.scrollTop = Math.floor(next() * (box.scrollHeight - box.clientHeight));
        if ((await whenFramePainted(() => viewLoaded(label), 5_000)) !== null) loaded++;
        await sleep(pauseMs);
      }
      return loaded;
    },
  };
})();
