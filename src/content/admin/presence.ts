// Who else has an article open in the form (docs/decisions/020-presence.md): what the service's
// presence answers and `presence` listen events carry, read field by field, and the words the form
// shows about them. Pure: the client that reaches the service is content/clients/presence.ts.

import { editionTimeZone } from './schedules.ts'

/** Another editor with the same article open. */
export interface PresentEditor {
  /** Stable while that editor stays; a React key. */
  key: string
  /** Their email address (people have no other name in the newsroom). */
  name: string
  role: string
  /** When they opened the article (ISO-8601). */
  since: string
}

/** How often an open form says it is still there; the service forgets a form after 30 s without. */
export const heartbeatMs = 10_000

/** The presence of one article: from an announce answer or a `presence` event's data. */
export function readPresence(data: unknown): { documentId: string; editors: PresentEditor[] } | null {
  if (typeof data !== 'object' || data === null) return null
  const { documentId, editors } = data as Record<string, unknown>
  if (typeof documentId !== 'string' || !Array.isArray(editors)) return null
  const read: PresentEditor[] = []
  for (const editor of editors as unknown[]) {
    if (typeof editor !== 'object' || editor === null) return null
    const { key, name, role, since } = editor as Record<string, unknown>
    if (typeof key !== 'string' || typeof name !== 'string' || typeof role !== 'string' || typeof since !== 'string' || Number.isNaN(Date.parse(since))) return null
    read.push({ key, name, role, since })
  }
  return { documentId, editors: read }
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: editionTimeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })

/** "jane@resonance.test (editor), since 10:04", on London's clock like the form's "Draft saved at". */
export function presentEditorLabel(editor: PresentEditor): string {
  return `${editor.name} (${editor.role}), since ${clock.format(new Date(editor.since))}`
}

/** The line above the form: nothing when the editor is alone. */
export function editorsPresentText(editors: readonly PresentEditor[]): string {
  if (editors.length === 0) return ''
  return `Also editing: ${editors.map(presentEditorLabel).join('; ')}. Saving may conflict with their changes.`
}

/** Said when the service could not be asked: the editor should not take silence for being alone. */
export const presenceUnavailableText = 'Cannot tell right now whether anyone else is editing this article.'

/** One server-sent event: its name and its data lines joined. */
export interface StreamEvent {
  event: string
  data: string
}

/**
 * Splits what a listen stream has sent so far into whole events and the unfinished rest (kept for
 * the next chunk). Comments (the keep-alives) and fields other than `event` and `data` are skipped.
 */
export function readStreamEvents(text: string): { events: StreamEvent[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n')
  const blocks = normalised.split('\n\n')
  const rest = blocks.pop() ?? ''
  const events: StreamEvent[] = []
  for (const block of blocks) {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') })
  }
  return { events, rest }
}
