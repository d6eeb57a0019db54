import { describe, expect, it } from 'vitest'
import { editorsPresentText, presentEditorLabel, readPresence, readStreamEvents } from './presence.ts'

const jane = { key: 'k1', name: 'jane@resonance.test', role: 'editor', since: '2026-11-24T10:04:30Z' }
const omar = { key: 'k2', name: 'omar@resonance.test', role: 'contributor', since: '2026-07-01T08:30:00Z' }

describe('presence words', () => {
  it('names each other editor with role and since when, on London’s clock in winter and summer', () => {
    expect(presentEditorLabel(jane)).toBe('jane@resonance.test (editor), since 10:04')
    expect(presentEditorLabel(omar)).toBe('omar@resonance.test (contributor), since 09:30')
  })

  it('says nothing when the editor is alone, and that saving may conflict when not', () => {
    expect(editorsPresentText([])).toBe('')
    expect(editorsPresentText([jane, omar])).toBe(
      'Also editing: jane@resonance.test (editor), since 10:04; omar@resonance.test (contributor), since 09:30. Saving may conflict with their changes.',
    )
  })
})

describe('readPresence', () => {
  it('reads what the service sends', () => {
    expect(readPresence({ documentId: 'a1', editors: [jane] })).toEqual({ documentId: 'a1', editors: [jane] })
    expect(readPresence({ documentId: 'a1', editors: [] })).toEqual({ documentId: 'a1', editors: [] })
  })

  it('refuses anything else rather than show half an editor', () => {
    for (const bad of [null, 'text', {}, { documentId: 'a1' }, { documentId: 'a1', editors: [{ ...jane, since: 'yesterday' }] }, { documentId: 'a1', editors: [{ ...jane, name: 7 }] }, { documentId: 'a1', editors: [null] }]) {
      expect(readPresence(bad)).toBeNull()
    }
  })
})

describe('readStreamEvents', () => {
  it('splits whole events from the unfinished rest, skipping keep-alives', () => {
    const { events, rest } = readStreamEvents('event: welcome\ndata: {"listenerName":"x"}\n\n: keep-alive\n\nevent: presence\ndata: {"a":1}\n\nevent: pres')
    expect(events).toEqual([
      { event: 'welcome', data: '{"listenerName":"x"}' },
      { event: 'presence', data: '{"a":1}' },
    ])
    expect(rest).toBe('event: pres')
  })

  it('reads CRLF line ends, ids, multi-line data and events without a name', () => {
    const { events, rest } = readStreamEvents('id: 1\r\nevent: mutation\r\ndata: a\r\ndata: b\r\n\r\ndata:plain\n\n')
    expect(events).toEqual([
      { event: 'mutation', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ])
    expect(rest).toBe('')
  })
})
