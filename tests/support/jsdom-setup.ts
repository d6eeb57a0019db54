import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom has no scrolling; the router calls it on navigation.
window.scrollTo = () => {}

afterEach(() => {
  cleanup()
})
