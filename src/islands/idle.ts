// When a document's deferred work starts, and how it is kept in small pieces: after the load event,
// once the browser is idle, so none of it competes with the first paint, and a module at a time, so
// none of it holds the page for long. Shared by the islands' client entry, the islands themselves
// and the page's own script.

/** Runs `run` after the load event (at once if it has passed). Returns a function that cancels it. */
export function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run()
    return () => {}
  }
  window.addEventListener('load', run, { once: true })
  return () => window.removeEventListener('load', run)
}

/**
 * Runs `run` when the browser is idle after the load event (within two seconds of it at most).
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(run: () => void): () => void {
  let cancelIdle = () => {}
  const cancelLoad = afterLoad(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: 2000 })
      cancelIdle = () => cancelIdleCallback(handle)
    } else {
      const handle = setTimeout(run, 1)
      cancelIdle = () => clearTimeout(handle)
    }
  })
  return () => {
    cancelLoad()
    cancelIdle()
  }
}

/** Resolves in a task of its own, once what the browser has waiting (a tap, a frame) has run. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Imports `parts` one after the other, each run in a task of its own, then `last`, and gives `last`'s
 * module. A browser runs a module and everything it imports in one task, and a large graph run at
 * once holds the page (a tap, a scroll) for as long; its largest parts imported first, in turn, each
 * run alone, and `last` finds them already run.
 */
export async function importInTurn<T>(parts: ReadonlyArray<() => Promise<unknown>>, last: () => Promise<T>): Promise<T> {
  for (const part of parts) {
    await part()
    await nextTask()
  }
  return last()
}
