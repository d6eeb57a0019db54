import { useEffect, useRef, useState } from 'react'

/**
 * Fields whose messages wait for the mouse or finger to come up. Pressing a button below a field
 * moves focus out of it; a message appearing then would push the button down between press and
 * release, and the browser would drop the click (the first Save after leaving the Slug field was
 * lost this way, and a reader's Send Message after leaving a field with a mistake). So a message due to a blur during a press shows once the press is over, after the
 * click it makes; a blur by keyboard shows its message at once. Nothing is held without a press.
 */
export function useHeldWhilePressed() {
  const pressing = useRef(false)
  const [held, setHeld] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    let release: ReturnType<typeof setTimeout> | undefined
    const down = () => {
      pressing.current = true
    }
    const up = () => {
      pressing.current = false
      // The click is dispatched right after the release, in the same task: show the messages after it.
      clearTimeout(release)
      release = setTimeout(() => setHeld((now) => (now.size === 0 ? now : new Set())), 0)
    }
    window.addEventListener('pointerdown', down, true)
    window.addEventListener('pointerup', up, true)
    window.addEventListener('pointercancel', up, true)
    return () => {
      clearTimeout(release)
      window.removeEventListener('pointerdown', down, true)
      window.removeEventListener('pointerup', up, true)
      window.removeEventListener('pointercancel', up, true)
    }
  }, [])
  return {
    has: (name: string) => held.has(name),
    hold: (name: string) => {
      if (pressing.current) setHeld((now) => new Set(now).add(name))
    },
  }
}
