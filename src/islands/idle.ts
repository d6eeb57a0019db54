// When a document's deferred work starts: after the load event, once the browser is idle, so none of
// it competes with the first paint. Shared by the islands' client entry and the page's own script.

/** Runs `run` after the load event (at once if it has passed). */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
}

/** Runs `run` when the browser is idle after the load event (within two seconds of it at most). */
export function whenIdle(run: () => void): void {
  afterLoad(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
    else setTimeout(run, 1)
  })
}
