// People as the People page lists them, for its stories and tests.

import type { Person } from '../../content/admin/people.ts'

export const selfId = 'u-admin'

export const people: Person[] = [
  { id: selfId, email: 'admin@resonance.example', role: 'admin', lastSignInAt: '2026-11-24T08:05:00.000Z', activeSessions: 2 },
  { id: 'u-editor', email: 'priya.raman@resonance.example', role: 'editor', lastSignInAt: '2026-11-23T17:40:00.000Z', activeSessions: 1 },
  { id: 'u-writer', email: 'tom.whitcombe@resonance.example', role: 'contributor', lastSignInAt: null, activeSessions: 0 },
]

/** A newsroom of many, with one very long address. */
export const manyPeople: Person[] = [
  ...people,
  ...Array.from({ length: 12 }, (_, i): Person => ({ id: `u-${i}`, email: `reporter.${i + 1}@resonance.example`, role: i % 3 === 0 ? 'editor' : 'contributor', lastSignInAt: i % 2 ? null : '2026-11-20T09:00:00.000Z', activeSessions: i % 4 })),
  { id: 'u-long', email: 'a.correspondent.with.a.very.long.address@regional-bureau.resonance.example', role: 'viewer', lastSignInAt: null, activeSessions: 0 },
]
