// Everything a run must undo however it ends: child processes, temporary directories.

const tasks = new Set<() => Promise<void> | void>()

/** Registers `task`; returns a function that unregisters it (call when it has been done normally). */
export function onCleanup(task: () => Promise<void> | void): () => void {
  tasks.add(task)
  return () => tasks.delete(task)
}

/** Runs every registered task, newest first, ignoring failures. */
export async function cleanupAll(): Promise<void> {
  const pending = [...tasks].reverse()
  tasks.clear()
  for (const task of pending) {
    try {
      await task()
    } catch {
      // Best effort: the next task still runs.
    }
  }
}
