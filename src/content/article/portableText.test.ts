import { beforeAll, describe, expect, it } from 'vitest'
import { buildDemoDataset } from '../../../server/seed/demo.ts'
import { editorPlainText, editorToPortableText, emptyEditorDoc, linkAddress, portableTextToEditor, type EditorNode } from './portableText.ts'
import type { BodyNode, PortableTextBlock, PortableTextSpan } from '../../../shared/schema.ts'
import { bodyMeaning } from '../../../tests/support/portableText.ts'

/** Keys as a counter, so expectations can name them. */
function counter(prefix = 'k'): () => string {
  let n = 0
  return () => `${prefix}${++n}`
}

const span = (text: string, marks: string[] = [], key = `s-${text}`): PortableTextSpan => ({ _type: 'span', _key: key, text, marks })
const block = (key: string, children: PortableTextSpan[], extra: Partial<PortableTextBlock> = {}): PortableTextBlock => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children,
  ...extra,
})
const image = (key: string, ref = 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg', extra: Record<string, unknown> = {}): BodyNode => ({
  _type: 'image',
  _key: key,
  asset: { _type: 'reference', _ref: ref },
  alt: `Alt of ${key}`,
  ...extra,
})


const roundTrip = (body: BodyNode[]) => editorToPortableText(portableTextToEditor(body), counter('new'))

describe('Portable Text to the editor and back', () => {
  it('keeps every block style, in order, with its key', () => {
    const body: BodyNode[] = [
      block('a', [span('A heading')], { style: 'h1' }),
      block('b', [span('A smaller heading')], { style: 'h2' }),
      block('c', [span('Smaller still')], { style: 'h3' }),
      block('d', [span('Plain words.')]),
      block('e', [span('“Quoted words”'), span(' — Someone', ['em'])], { style: 'blockquote' }),
    ]
    const doc = portableTextToEditor(body)
    expect(doc.content?.map((node) => [node.type, node.attrs?.level ?? null])).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['heading', 3],
      ['paragraph', null],
      ['blockquote', null],
    ])
    expect(bodyMeaning(roundTrip(body))).toEqual(bodyMeaning(body))
    expect(roundTrip(body).map((node) => node._key)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('keeps nested and overlapping decorators', () => {
    const body: BodyNode[] = [
      block('a', [span('plain '), span('bold ', ['strong']), span('bold italic ', ['strong', 'em']), span('all three', ['em', 'strong', 'underline']), span(' underlined', ['underline'])]),
    ]
    const doc = portableTextToEditor(body)
    expect(doc.content?.[0]?.content?.[3]).toEqual({ type: 'text', text: 'all three', marks: [{ type: 'italic' }, { type: 'bold' }, { type: 'underline' }] })
    const saved = roundTrip(body)
    expect(bodyMeaning(saved)).toEqual(bodyMeaning(body))
    // Decorators are always written in one order, whatever order they came in.
    expect((saved[0] as PortableTextBlock).children[3]!.marks).toEqual(['strong', 'em', 'underline'])
  })

  it('keeps links, with one definition for neighbouring text that shares an address', () => {
    const body: BodyNode[] = [
      block(
        'a',
        [span('See '), span('the ', ['l1']), span('timetable', ['l1', 'strong']), span(' and '), span('write', ['l2']), span(' or '), span('call', ['l3'])],
        {
          markDefs: [
            { _type: 'link', _key: 'l1', href: 'https://tfl.example/night' },
            { _type: 'link', _key: 'l2', href: 'mailto:desk@resonance.example' },
            { _type: 'link', _key: 'l3', href: 'tel:+442079460000' },
          ],
        },
      ),
    ]
    const saved = roundTrip(body) as PortableTextBlock[]
    expect(bodyMeaning(saved)).toEqual(bodyMeaning(body))
    expect(saved[0]!.markDefs.map((def) => def.href)).toEqual(['https://tfl.example/night', 'mailto:desk@resonance.example', 'tel:+442079460000'])
    const [the, timetable] = saved[0]!.children.slice(1, 3)
    expect(the!.marks.at(-1)).toBe(timetable!.marks.at(-1))
  })

  it('drops links to anything but web, mail and phone addresses, keeping their words', () => {
    const body: BodyNode[] = [
      block('a', [span('click me', ['bad']), span(' or '), span('me', ['data']), span(' or '), span('this', ['missing'])], {
        markDefs: [
          { _type: 'link', _key: 'bad', href: 'javascript:alert(1)' },
          { _type: 'link', _key: 'data', href: 'data:text/html,<script>alert(1)</script>' },
        ],
      }),
    ]
    const doc = portableTextToEditor(body)
    expect(JSON.stringify(doc)).not.toContain('link')
    expect(roundTrip(body)[0]).toMatchObject({ markDefs: [], children: [{ text: 'click me or me or this', marks: [] }] })
    // And an unsafe address that reached the editor some other way is not saved either.
    const edited: EditorNode = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:void(0)' } }] }] }] }
    expect(editorToPortableText(edited, counter())[0]).toMatchObject({ markDefs: [], children: [{ text: 'x', marks: [] }] })
  })

  it('turns flat list blocks into nested lists and back, levels and kinds included', () => {
    const body: BodyNode[] = [
      block('intro', [span('Before the list')]),
      block('b1', [span('First')], { listItem: 'bullet', level: 1 }),
      block('b2', [span('Nested')], { listItem: 'bullet', level: 2 }),
      block('b3', [span('Deeper, numbered')], { listItem: 'number', level: 3 }),
      block('b4', [span('Deeper again')], { listItem: 'number', level: 3 }),
      block('b5', [span('Back out')], { listItem: 'bullet', level: 1 }),
      block('n1', [span('A numbered list right after')], { listItem: 'number', level: 1 }),
      block('n2', [span('Its second item')], { listItem: 'number', level: 1 }),
      block('after', [span('After the lists')]),
      block('n3', [span('A new numbered list')], { listItem: 'number', level: 1 }),
    ]
    const doc = portableTextToEditor(body)
    expect(doc.content?.map((node) => node.type)).toEqual(['paragraph', 'bulletList', 'orderedList', 'paragraph', 'orderedList'])
    const bullets = doc.content![1]!
    expect(bullets.content).toHaveLength(2)
    const nested = bullets.content![0]!.content![1]!
    expect(nested.type).toBe('bulletList')
    expect(nested.content![0]!.content![1]!.type).toBe('orderedList')
    expect(nested.content![0]!.content![1]!.content).toHaveLength(2)
    expect(bodyMeaning(roundTrip(body))).toEqual(bodyMeaning(body))
  })

  it('gives a list that starts deeper than level 1 the empty items the editor needs', () => {
    const body: BodyNode[] = [block('deep', [span('Starts at level 2')], { listItem: 'bullet', level: 2 })]
    const saved = roundTrip(body)
    // The editor cannot hold an item with no parent item: an empty level-1 item appears above it.
    expect(bodyMeaning(saved)).toEqual([
      { key: expect.stringMatching(/^new\d+$/), style: 'normal', listItem: 'bullet', level: 1, spans: [] },
      { key: 'deep', style: 'normal', listItem: 'bullet', level: 2, spans: [{ text: 'Starts at level 2', marks: [] }] },
    ])
  })

  it('keeps images as asset references with their alt text, caption, credit, crop and hotspot', () => {
    const crop = { top: 0.1, bottom: 0, left: 0.05, right: 0 }
    const hotspot = { x: 0.5, y: 0.4, width: 0.5, height: 0.5 }
    const body: BodyNode[] = [
      block('a', [span('Above')]),
      image('img1', undefined, { caption: 'A caption', credit: 'Ruth Abara/Resonance', crop, hotspot }),
      image('img2'),
      block('b', [span('Below')]),
    ]
    const doc = portableTextToEditor(body)
    expect(doc.content![1]).toEqual({
      type: 'image',
      attrs: { key: 'img1', assetRef: 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg', alt: 'Alt of img1', caption: 'A caption', credit: 'Ruth Abara/Resonance', crop, hotspot },
    })
    expect(roundTrip(body)).toEqual([expect.objectContaining({ _key: 'a' }), body[1], body[2], expect.objectContaining({ _key: 'b' })])
  })

  it('leaves out images without a real asset, and never saves image bytes', () => {
    const body = [
      { _type: 'image', _key: 'x', asset: { _type: 'reference', _ref: 'data:image/png;base64,AAAA' }, alt: 'x' },
      { _type: 'image', _key: 'y' },
      block('a', [span('Text')]),
    ] as unknown as BodyNode[]
    expect(portableTextToEditor(body).content?.map((node) => node.type)).toEqual(['paragraph'])
    const edited: EditorNode = { type: 'doc', content: [{ type: 'image', attrs: { assetRef: 'data:image/png;base64,AAAA', alt: '' } }] }
    expect(editorToPortableText(edited, counter())).toEqual([])
  })

  it('keeps empty paragraphs between blocks and drops the ones the editor leaves at the end', () => {
    const body: BodyNode[] = [block('a', [span('One')]), block('gap', [span('')]), block('b', [span('Two')])]
    const doc = portableTextToEditor(body)
    expect(doc.content![1]).toEqual({ type: 'paragraph', attrs: { key: 'gap' } })
    expect(bodyMeaning(roundTrip(body))).toEqual(bodyMeaning(body))
    const trailing: EditorNode = { ...doc, content: [...doc.content!, { type: 'paragraph', attrs: { key: null } }, { type: 'paragraph' }] }
    expect(editorToPortableText(trailing, counter()).map((node) => node._key)).toEqual(['a', 'gap', 'b'])
  })

  it('turns line breaks inside a span into hard breaks and back, formatting included', () => {
    const body: BodyNode[] = [block('a', [span('Line one\nline two', ['strong']), span('\nthree')])]
    const doc = portableTextToEditor(body)
    expect(doc.content![0]!.content!.map((node) => node.type)).toEqual(['text', 'hardBreak', 'text', 'hardBreak', 'text'])
    expect(bodyMeaning(roundTrip(body))).toEqual(bodyMeaning(body))
  })

  it('gives a block a fresh key when the editor copied one (a split paragraph) or had none', () => {
    const doc: EditorNode = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { key: 'same' }, content: [{ type: 'text', text: 'First half' }] },
        { type: 'paragraph', attrs: { key: 'same' }, content: [{ type: 'text', text: 'Second half' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'No key' }] },
        { type: 'heading', attrs: { level: 2, key: 'bad key!' }, content: [{ type: 'text', text: 'Odd key' }] },
      ],
    }
    const keys = editorToPortableText(doc, counter()).map((node) => node._key)
    expect(keys[0]).toBe('same')
    expect(keys.slice(1)).toEqual([expect.stringMatching(/^k\d+$/), expect.stringMatching(/^k\d+$/), expect.stringMatching(/^k\d+$/)])
    expect(new Set(keys).size).toBe(4)
  })

  it('saves headings and paragraphs inside quotes and lists as the quote or list they are in', () => {
    const doc: EditorNode = {
      type: 'doc',
      content: [
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }, { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Two' }] }] },
        { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Item' }] }, { type: 'paragraph', content: [{ type: 'text', text: 'More of it' }] }] }] },
      ],
    }
    expect(editorToPortableText(doc, counter()).map((node) => [(node as PortableTextBlock).style, (node as PortableTextBlock).listItem ?? null])).toEqual([
      ['blockquote', null],
      ['blockquote', null],
      ['normal', 'number'],
      ['normal', 'number'],
    ])
  })

  it('gives an empty body an empty paragraph to type in, and saves nothing for it', () => {
    expect(portableTextToEditor([])).toEqual(emptyEditorDoc())
    expect(portableTextToEditor(null)).toEqual(emptyEditorDoc())
    expect(editorToPortableText(emptyEditorDoc())).toEqual([])
  })
})

describe('the demo articles’ bodies', () => {
  let bodies: BodyNode[][] = []

  beforeAll(async () => {
    let n = 0
    const documents = await buildDemoDataset({
      now: new Date('2026-11-21T08:00:00Z'),
      uploadImage: async () => ({ _id: `image-${(++n).toString(16).padStart(40, '0')}-1600x900-jpg` }),
    })
    bodies = documents.filter((doc) => doc._type === 'article').map((doc) => doc.body as BodyNode[])
  }, 60_000)

  it('survive load and save unchanged in meaning, keys of blocks and images included', () => {
    expect(bodies.length).toBeGreaterThan(50)
    for (const body of bodies) {
      const saved = roundTrip(body)
      expect(bodyMeaning(saved)).toEqual(bodyMeaning(body))
      expect(saved.map((node) => node._key)).toEqual(body.map((node) => node._key))
    }
  })

  it('between them have every kind of block the editor converts', () => {
    const all = bodies.flat()
    const styles = new Set(all.map((node) => (node._type === 'block' ? `${node.style}${node.listItem ? `:${node.listItem}` : ''}` : 'image')))
    for (const kind of ['normal', 'h1', 'h2', 'h3', 'blockquote', 'image']) expect(styles).toContain(kind)
    expect([...styles].some((kind) => kind.includes(':'))).toBe(true)
    expect(all.some((node) => node._type === 'block' && node.markDefs.length > 0)).toBe(true)
  })
})

describe('editorPlainText', () => {
  it('is the words of every block, a line each, with hard breaks as new lines', () => {
    const doc = portableTextToEditor([block('a', [span('Heading')], { style: 'h2' }), block('b', [span('One'), span(' two', ['strong'])]), block('c', [span('x\ny')], { listItem: 'bullet', level: 1 }), image('i')])
    expect(editorPlainText(doc)).toBe('Heading\nOne two\nx\ny')
    expect(editorPlainText(emptyEditorDoc())).toBe('')
    expect(editorPlainText(null)).toBe('')
  })
})

describe('linkAddress', () => {
  it('takes web, mail and phone addresses, and bare domains and email addresses', () => {
    expect(linkAddress(' https://tfl.example/night ')).toBe('https://tfl.example/night')
    expect(linkAddress('http://example.com')).toBe('http://example.com')
    expect(linkAddress('mailto:desk@resonance.example')).toBe('mailto:desk@resonance.example')
    expect(linkAddress('tel:+442079460000')).toBe('tel:+442079460000')
    expect(linkAddress('www.example.com/page?a=1')).toBe('https://www.example.com/page?a=1')
    expect(linkAddress('desk@resonance.example')).toBe('mailto:desk@resonance.example')
  })

  it('refuses every other scheme and anything that is not an address', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'vbscript:x', 'ftp://example.com', '/relative/path', 'just words', '']) {
      expect(linkAddress(bad), bad).toBeNull()
    }
  })
})
