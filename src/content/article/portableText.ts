// Article bodies are stored as Portable Text (shared/schema.ts) and edited as the rich-text
// editor's document (TipTap's JSON). These two functions turn one into the other, so loading an
// article into the editor and saving it again keeps its meaning: styles, lists and their levels,
// bold/italic/underline, links, line breaks, images with their alt text and captions, and the
// blocks' keys (so a save changes only the blocks an editor touched).
//
// Pure and free of TipTap: the editor's JSON is described structurally below, so the rules are
// tested without a browser and the reader site never needs the editor to read a body.

import { safeHref } from './links.ts'
import type { BodyNode, ImageCrop, ImageField, ImageHotspot, PortableTextBlock, PortableTextLinkMark, PortableTextSpan } from '../../../shared/schema.ts'

/** A mark in the editor's JSON (TipTap's `JSONContent` marks). */
export interface EditorMark {
  type: string
  attrs?: Record<string, unknown>
}

/** A node in the editor's JSON (structurally TipTap's `JSONContent`). */
export interface EditorNode {
  type?: string
  attrs?: Record<string, unknown>
  content?: EditorNode[]
  marks?: EditorMark[]
  text?: string
}

/**
 * The editor's document as a form holds it: the same JSON, typed one level deep, so form libraries
 * that walk their values' types need not follow a recursive one.
 */
export interface EditorDocument {
  type?: string
  attrs?: Record<string, unknown>
  content?: readonly unknown[]
}

/** Attributes of the editor's image node: a reference to an uploaded asset, never the bytes. */
export interface EditorImageAttrs {
  key: string | null
  assetRef: string
  alt: string
  caption: string | null
  /** Who took the picture; the editor keeps it as loaded. */
  credit: string | null
  crop: ImageCrop | null
  hotspot: ImageHotspot | null
}

export type KeyMaker = () => string

/** A fresh `_key`: 12 hex characters, the length the demo data and Sanity Studio use. */
export function randomKey(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

const assetRefPattern = /^image-[a-f0-9]+-\d+x\d+-[a-z0-9]+$/i
const keyPattern = /^[A-Za-z0-9_-]{1,64}$/

export function isImageAssetRef(value: unknown): value is string {
  return typeof value === 'string' && assetRefPattern.test(value)
}

// Decorators in the order they are written into `marks`, so equal formatting is always spelt the same.
const decorators = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'underline'],
] as const
const markForDecorator = new Map<string, string>(decorators.map(([mark, decorator]) => [decorator, mark]))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The empty document the editor starts with: one empty paragraph. */
export function emptyEditorDoc(): EditorNode {
  return { type: 'doc', content: [{ type: 'paragraph', attrs: { key: null } }] }
}

// ---------------------------------------------------------------------------------------------
// Portable Text -> editor

interface ListFrame {
  list: EditorNode
  type: 'bulletList' | 'orderedList'
}

function inlineContent(block: PortableTextBlock): EditorNode[] {
  const links = new Map<string, string>()
  for (const def of Array.isArray(block.markDefs) ? block.markDefs : []) {
    // A link to anything but a web, mail or phone address is not kept as a link: the words stay.
    const href = isRecord(def) && def._type === 'link' ? safeHref(def.href) : null
    if (href && typeof def._key === 'string') links.set(def._key, href)
  }
  const nodes: EditorNode[] = []
  for (const span of Array.isArray(block.children) ? block.children : []) {
    if (!isRecord(span) || span._type !== 'span' || typeof span.text !== 'string' || span.text === '') continue
    const marks: EditorMark[] = []
    for (const mark of Array.isArray(span.marks) ? span.marks : []) {
      const decorator = markForDecorator.get(mark)
      if (decorator) marks.push({ type: decorator })
      else if (links.has(mark)) marks.push({ type: 'link', attrs: { href: links.get(mark) } })
    }
    const withMarks = (node: EditorNode): EditorNode => (marks.length > 0 ? { ...node, marks: marks.map((m) => ({ ...m })) } : node)
    // Portable Text keeps a line break as "\n" inside the text; the editor has a node for it.
    span.text.split('\n').forEach((part, index) => {
      if (index > 0) nodes.push(withMarks({ type: 'hardBreak' }))
      if (part !== '') nodes.push(withMarks({ type: 'text', text: part }))
    })
  }
  return nodes
}

function textNode(type: 'paragraph' | 'heading', block: PortableTextBlock, attrs: Record<string, unknown> = {}): EditorNode {
  const content = inlineContent(block)
  const node: EditorNode = { type, attrs: { ...attrs, key: typeof block._key === 'string' ? block._key : null } }
  if (content.length > 0) node.content = content
  return node
}

function imageNode(image: ImageField): EditorNode {
  const attrs: EditorImageAttrs = {
    key: typeof image._key === 'string' ? image._key : null,
    assetRef: image.asset._ref,
    alt: typeof image.alt === 'string' ? image.alt : '',
    caption: typeof image.caption === 'string' && image.caption !== '' ? image.caption : null,
    credit: typeof image.credit === 'string' && image.credit !== '' ? image.credit : null,
    crop: isRecord(image.crop) ? image.crop : null,
    hotspot: isRecord(image.hotspot) ? image.hotspot : null,
  }
  return { type: 'image', attrs: { ...attrs } }
}

function isBlock(node: unknown): node is PortableTextBlock {
  return isRecord(node) && node._type === 'block'
}

function isImage(node: unknown): node is ImageField {
  return isRecord(node) && node._type === 'image' && isRecord(node.asset) && isImageAssetRef(node.asset._ref)
}

/**
 * The editor's document for a stored body. Lists are rebuilt from the blocks' `listItem` and
 * `level`; node types the schema does not have are left out (the reader site does not show them).
 */
export function portableTextToEditor(body: readonly unknown[] | null | undefined): EditorNode {
  const content: EditorNode[] = []
  let lists: ListFrame[] = []

  const addListItem = (block: PortableTextBlock) => {
    const type = block.listItem === 'number' ? 'orderedList' : 'bulletList'
    const level = Math.max(1, Math.min(8, Math.floor(typeof block.level === 'number' && Number.isFinite(block.level) ? block.level : 1)))
    if (lists.length > level) lists = lists.slice(0, level)
    // The same level with the other kind of list starts a new list there.
    if (lists.length === level && lists[level - 1]!.type !== type) lists = lists.slice(0, level - 1)
    while (lists.length < level) {
      const list: EditorNode = { type, content: [] }
      const parent = lists[lists.length - 1]
      if (!parent) {
        content.push(list)
      } else {
        // A nested list belongs to the item before it; a list that starts deeper gets an empty one.
        let owner = parent.list.content!.at(-1)
        if (!owner) {
          owner = { type: 'listItem', content: [{ type: 'paragraph', attrs: { key: null } }] }
          parent.list.content!.push(owner)
        }
        owner.content!.push(list)
      }
      lists.push({ list, type })
    }
    // A list item's first child is always a paragraph in the editor, whatever the block's style.
    lists[level - 1]!.list.content!.push({ type: 'listItem', content: [textNode('paragraph', block)] })
  }

  for (const node of body ?? []) {
    if (isBlock(node) && (node.listItem === 'bullet' || node.listItem === 'number')) {
      addListItem(node)
      continue
    }
    lists = []
    if (isImage(node)) {
      content.push(imageNode(node))
    } else if (isBlock(node)) {
      const style = node.style
      if (style === 'h1' || style === 'h2' || style === 'h3') content.push(textNode('heading', node, { level: Number(style[1]) }))
      else if (style === 'blockquote') content.push({ type: 'blockquote', content: [textNode('paragraph', node)] })
      else content.push(textNode('paragraph', node))
    }
  }
  return content.length > 0 ? { type: 'doc', content } : emptyEditorDoc()
}

// ---------------------------------------------------------------------------------------------
// Editor -> Portable Text

interface Context {
  list: { kind: 'bullet' | 'number'; level: number } | null
  quote: boolean
}

function sameMarks(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((mark, index) => mark === b[index])
}

/**
 * The stored body for the editor's document. Keys of blocks are kept (a key the editor copied
 * when a paragraph was split gets a fresh one); spans and link definitions get new keys.
 */
export function editorToPortableText(document: EditorDocument, newKey: KeyMaker = randomKey): BodyNode[] {
  const doc = document as EditorNode
  const body: BodyNode[] = []
  const used = new Set<string>()

  const fresh = (): string => {
    let key = newKey()
    while (used.has(key)) key = newKey()
    used.add(key)
    return key
  }
  const blockKey = (attrs: Record<string, unknown> | undefined): string => {
    const key = attrs?.key
    if (typeof key === 'string' && keyPattern.test(key) && !used.has(key)) {
      used.add(key)
      return key
    }
    return fresh()
  }

  const textBlock = (node: EditorNode, style: PortableTextBlock['style'], context: Context) => {
    const children: PortableTextSpan[] = []
    const markDefs: PortableTextLinkMark[] = []
    let openLink: { href: string; key: string } | null = null
    for (const child of node.content ?? []) {
      const text = child.type === 'text' ? (child.text ?? '') : child.type === 'hardBreak' ? '\n' : ''
      if (text === '') continue
      const types = new Set((child.marks ?? []).map((mark) => mark.type))
      const marks: string[] = decorators.filter(([mark]) => types.has(mark)).map(([, decorator]) => decorator)
      const link = (child.marks ?? []).find((mark) => mark.type === 'link')
      const href = link ? safeHref(link.attrs?.href) : null
      if (href) {
        // Neighbouring text with the same link (say, part of it in bold) shares one definition.
        if (!openLink || openLink.href !== href) {
          openLink = { href, key: fresh() }
          markDefs.push({ _type: 'link', _key: openLink.key, href })
        }
        marks.push(openLink.key)
      } else {
        openLink = null
      }
      const last = children.at(-1)
      if (last && sameMarks(last.marks, marks)) last.text += text
      else children.push({ _type: 'span', _key: fresh(), text, marks })
    }
    if (children.length === 0) children.push({ _type: 'span', _key: fresh(), text: '', marks: [] })
    const block: PortableTextBlock = { _type: 'block', _key: blockKey(node.attrs), style, markDefs, children }
    if (context.list) {
      block.listItem = context.list.kind
      block.level = context.list.level
    }
    body.push(block)
  }

  const walk = (nodes: readonly EditorNode[] | undefined, context: Context) => {
    for (const node of nodes ?? []) {
      switch (node.type) {
        case 'paragraph':
          textBlock(node, context.quote ? 'blockquote' : 'normal', context)
          break
        case 'heading': {
          const level = Math.max(1, Math.min(3, Number(node.attrs?.level) || 1))
          textBlock(node, context.quote ? 'blockquote' : (`h${level}` as 'h1' | 'h2' | 'h3'), context)
          break
        }
        case 'blockquote':
          walk(node.content, { ...context, quote: true })
          break
        case 'bulletList':
        case 'orderedList': {
          const list = { kind: node.type === 'orderedList' ? ('number' as const) : ('bullet' as const), level: (context.list?.level ?? 0) + 1 }
          for (const item of node.content ?? []) walk(item.type === 'listItem' ? item.content : [item], { ...context, list })
          break
        }
        case 'image': {
          const attrs = node.attrs ?? {}
          if (!isImageAssetRef(attrs.assetRef)) break
          const image: ImageField = { _type: 'image', _key: blockKey(attrs), asset: { _type: 'reference', _ref: attrs.assetRef }, alt: typeof attrs.alt === 'string' ? attrs.alt : '' }
          if (typeof attrs.caption === 'string' && attrs.caption !== '') image.caption = attrs.caption
          if (typeof attrs.credit === 'string' && attrs.credit !== '') image.credit = attrs.credit
          if (isRecord(attrs.crop)) image.crop = attrs.crop as unknown as ImageCrop
          if (isRecord(attrs.hotspot)) image.hotspot = attrs.hotspot as unknown as ImageHotspot
          body.push(image)
          break
        }
        default:
          // A wrapper this module does not know (a future extension): keep the words inside it.
          walk(node.content, context)
      }
    }
  }

  walk(doc.content, { list: null, quote: false })
  // The editor keeps an empty paragraph after a closing image or list so the caret has somewhere to
  // go; it is not part of the article.
  while (body.length > 0 && isEmptyParagraph(body.at(-1)!)) body.pop()
  return body
}

function isEmptyParagraph(node: BodyNode): boolean {
  return node._type === 'block' && node.style === 'normal' && !node.listItem && node.children.every((span) => span.text === '')
}

/**
 * The address an editor typed for a link, when it is a web, mail or phone address. A bare domain
 * ("example.com/page") is taken as https and a bare email address as mailto; anything else
 * (javascript:, data:, a relative path) is refused with null.
 */
export function linkAddress(input: string): string | null {
  const text = input.trim()
  const direct = safeHref(text)
  if (direct) return direct
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(text)) return safeHref(`mailto:${text}`)
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]\S*)?$/i.test(text)) return safeHref(`https://${text}`)
  return null
}

/** The words of the editor's document, a line per block: what "Content is too short." measures. */
export function editorPlainText(document: EditorDocument | null | undefined): string {
  const doc = document as EditorNode | null | undefined
  const lines: string[] = []
  const walk = (node: EditorNode) => {
    if (node.type === 'text') return
    const inline = (node.content ?? []).filter((child) => child.type === 'text' || child.type === 'hardBreak')
    if (inline.length > 0) lines.push(inline.map((child) => (child.type === 'text' ? (child.text ?? '') : '\n')).join(''))
    for (const child of node.content ?? []) if (child.type !== 'text' && child.type !== 'hardBreak') walk(child)
  }
  if (doc) walk(doc)
  return lines.join('\n')
}
