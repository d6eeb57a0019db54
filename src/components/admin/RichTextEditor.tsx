import { EditorContent, Extension, Node, useEditor, useEditorState, type Editor, type Extensions, type JSONContent } from '@tiptap/react'
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state'
import { StarterKit } from '@tiptap/starter-kit'
import { useEffect, useRef, useState } from 'react'
import { imageSource } from '../../content/format/image.ts'
import { creditLine } from '../../content/article/credit.ts'
import { safeHref } from '../../content/article/links.ts'
import { linkAddress, type EditorDocument } from '../../content/article/portableText.ts'
import { EditorToolbar, noFormatting, type ImageDetailsPanelState, type ImagePanelState, type LinkPanelState, type ToolbarActive, type ToolbarCommand } from './EditorToolbar.tsx'
import './RichTextEditor.css'

/** Uploads a file to the content service's assets, reporting progress in percent. */
export type UploadImage = (file: File, onProgress: (percent: number) => void) => Promise<{ assetRef: string }>

// Blocks keep their Portable Text `_key` as an attribute the editor never shows, so a save keeps
// the keys of the blocks an editor did not touch. A split paragraph does not copy it.
const BlockKeys = Extension.create({
  name: 'blockKeys',
  addGlobalAttributes() {
    return [{ types: ['paragraph', 'heading', 'image'], attributes: { key: { default: null, rendered: false, keepOnSplit: false } } }]
  },
})

// An image in the body is a reference to an uploaded asset (with its alt text, caption and credit), never
// the bytes: pasted or dropped <img> elements are not taken in, only figures this editor wrote.
const ArticleImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      assetRef: { default: null, rendered: false, parseHTML: (element) => element.getAttribute('data-asset-ref') },
      alt: { default: '', rendered: false, parseHTML: (element) => element.querySelector('img')?.getAttribute('alt') ?? '' },
      caption: { default: null, rendered: false, parseHTML: (element) => element.querySelector('figcaption')?.textContent ?? null },
      credit: { default: null, rendered: false, parseHTML: (element) => element.getAttribute('data-credit') },
      crop: { default: null, rendered: false },
      hotspot: { default: null, rendered: false },
    }
  },
  parseHTML() {
    return [{ tag: 'figure[data-asset-ref]' }]
  },
  renderHTML({ node }) {
    const ref = String(node.attrs.assetRef ?? '')
    const source = imageSource({ asset: { _ref: ref } }, 'body')
    const img = ['img', { src: source?.src ?? '', alt: String(node.attrs.alt ?? ''), width: source?.width ?? 800, height: source?.height ?? 450 }] as const
    const caption = typeof node.attrs.caption === 'string' && node.attrs.caption !== '' ? [['figcaption', {}, node.attrs.caption]] : []
    // The credit as readers will see it under the picture; kept apart from the caption (and carried
    // in data-credit), so copying the picture in the editor keeps the two apart too.
    const line = creditLine(node.attrs)
    const credit = line ? [['p', { class: 'rte__credit' }, line]] : []
    const kept = typeof node.attrs.credit === 'string' && node.attrs.credit !== '' ? { 'data-credit': node.attrs.credit } : {}
    return ['figure', { class: 'rte__figure', 'data-asset-ref': ref, ...kept }, img, ...caption, ...credit]
  },
})

/** The editor's extensions: the spec's formatting (headings 1-3, bold, italic, underline, links, lists), quotes, images. */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Portable Text here has no code, strike-through or rules: the editor does not offer them.
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        // Autolinks make links "inclusive": the words typed after a link would join it.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        // Only http, https, mailto and tel, as the reader site follows (docs/product-spec.md §5).
        isAllowedUri: (url) => safeHref(url) !== null,
        HTMLAttributes: { target: null, rel: 'noopener noreferrer nofollow' },
      },
      // The spec's history: edits within 1000 ms merge, at most 100 steps.
      undoRedo: { depth: 100, newGroupDelay: 1000 },
    }),
    BlockKeys,
    ArticleImage,
  ]
}

/** Where the selected body image is, when the selection is one image. */
function selectedImage(editor: Editor): { pos: number; alt: string; caption: string; credit: string } | null {
  const { selection } = editor.state
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null
  const { alt, caption, credit } = selection.node.attrs as { alt?: unknown; caption?: unknown; credit?: unknown }
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return { pos: selection.from, alt: text(alt), caption: text(caption), credit: text(credit) }
}

/**
 * Puts the caret in the text after the image that ends at `end`, adding an empty paragraph when no
 * text follows it there: otherwise the new image stays selected and the next key typed replaces it.
 */
export function caretAfterImage(tr: Transaction): void {
  const { selection } = tr
  let end: number
  if (selection instanceof NodeSelection && selection.node.type.name === 'image') end = selection.to
  else if (selection.$from.nodeBefore?.type.name === 'image') end = selection.from
  else return // The caret is already in text of its own.
  const next = tr.doc.resolve(end).nodeAfter
  if (!next?.isTextblock) tr.insert(end, tr.doc.type.schema.nodes.paragraph!.create())
  tr.setSelection(TextSelection.create(tr.doc, end + 1)).scrollIntoView()
}

function activeIn(editor: Editor): ToolbarActive {
  return {
    h1: editor.isActive('heading', { level: 1 }),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    link: editor.isActive('link'),
    orderedList: editor.isActive('orderedList'),
    bulletList: editor.isActive('bulletList'),
  }
}

export interface RichTextEditorProps {
  /** Id of the editable area (a label's `for` cannot reach it: the label is named by `labelId`). */
  id: string
  labelId: string
  value: EditorDocument
  onChange: (value: EditorDocument) => void
  onBlur?: () => void
  invalid?: boolean
  describedBy?: string
  uploadImage: UploadImage
  /** Where the caret starts: stories use 'all' to show a selection. */
  autofocus?: 'start' | 'end' | 'all' | false
  /** Ctrl+Enter (Cmd+Enter on a Mac): the live blog desk posts with it; without it, a line break. */
  onSubmitShortcut?: () => void
}

const linkError = 'Use an address starting with http://, https://, mailto: or tel:.'

/**
 * The article body's editor (TipTap, with the spec's Quill-like toolbar). It reports the document
 * on every change; a new `value` from outside (a loaded article) replaces what it shows.
 * Alt+F10 moves from the text to the toolbar.
 */
export function RichTextEditor({ id, labelId, value, onChange, onBlur, invalid = false, describedBy, uploadImage, autofocus = false, onSubmitShortcut }: RichTextEditorProps) {
  const [link, setLink] = useState<LinkPanelState | null>(null)
  const [image, setImage] = useState<(ImagePanelState & { file: File | null }) | null>(null)
  // The selected image's details, with where it was when the panel opened.
  const [details, setDetails] = useState<(ImageDetailsPanelState & { pos: number }) | null>(null)
  const toolbarRef = useRef<HTMLDivElement>(null)
  // Callbacks change with every render of the form; the editor is made once and reads them here.
  const latest = useRef({ onChange, onBlur, onSubmitShortcut, openDetails: () => {} })
  useEffect(() => {
    latest.current = { onChange, onBlur, onSubmitShortcut, openDetails }
  })
  // Every document this editor reported. A render may come with an older one of them (the form
  // catching up while typing goes on): only a document it never reported comes from outside.
  const emitted = useRef(new WeakSet<object>([value]))

  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rte__content',
  }

  const editor = useEditor({
    extensions: editorExtensions(),
    content: value as JSONContent,
    autofocus,
    shouldRerenderOnTransaction: false,
    // TipTap would add its base CSS as a <style> element, which the pages' Content-Security-Policy
    // refuses (no inline styles); the same rules are in RichTextEditor.css.
    injectCSS: false,
    editorProps: {
      attributes,
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          event.preventDefault()
          toolbarRef.current?.querySelector<HTMLButtonElement>('[role="toolbar"] button[tabindex="0"]')?.focus()
          return true
        }
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && latest.current.onSubmitShortcut) {
          event.preventDefault()
          latest.current.onSubmitShortcut()
          return true
        }
        // Enter on a selected image would replace it with a new paragraph; it opens its details instead.
        if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
          const { selection } = _view.state
          if (selection instanceof NodeSelection && selection.node.type.name === 'image') {
            event.preventDefault()
            latest.current.openDetails()
            return true
          }
        }
        return false
      },
      handleDoubleClickOn: (_view, _pos, node) => {
        if (node.type.name !== 'image') return false
        latest.current.openDetails()
        return true
      },
    },
    onUpdate: ({ editor: e }) => {
      const json = e.getJSON() as EditorDocument
      emitted.current.add(json)
      latest.current.onChange(json)
    },
    onBlur: () => latest.current.onBlur?.(),
  })

  // Validity and descriptions change after the editor exists.
  const attributeKey = JSON.stringify(attributes)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: JSON.parse(attributeKey) as Record<string, string> } })
  }, [editor, attributeKey])

  // A value this editor never reported comes from outside (a loaded article): show it.
  useEffect(() => {
    if (!editor || editor.isDestroyed || emitted.current.has(value)) return
    emitted.current.add(value)
    editor.commands.setContent(value as JSONContent, { emitUpdate: false })
  }, [editor, value])

  const active = useEditorState({ editor, selector: ({ editor: e }) => (e ? activeIn(e) : noFormatting) }) ?? noFormatting
  const imageSelected = useEditorState({ editor, selector: ({ editor: e }) => (e ? selectedImage(e) !== null : false) }) ?? false

  function openDetails() {
    if (!editor) return
    const selected = selectedImage(editor)
    if (!selected) return
    setLink(null)
    setImage(null)
    setDetails({ pos: selected.pos, alt: selected.alt, caption: selected.caption, credit: selected.credit, error: null })
  }

  // Back to the image the panel was about, still selected, so arrow keys or Enter go on from it.
  const closeDetails = (pos: number | null) => {
    setDetails(null)
    if (!editor) return
    const node = pos === null ? null : editor.state.doc.nodeAt(pos)
    if (pos !== null && node?.type.name === 'image') editor.chain().focus().setNodeSelection(pos).run()
    else editor.commands.focus()
  }

  const applyDetails = () => {
    if (!editor || !details) return
    if (details.alt.trim() === '') {
      setDetails({ ...details, error: 'Describe the image in its alt text.' })
      return
    }
    const node = editor.state.doc.nodeAt(details.pos)
    if (node?.type.name !== 'image') {
      // The text changed under the panel (a reload): there is no longer an image to change here.
      closeDetails(null)
      return
    }
    const caption = details.caption.trim()
    const credit = details.credit.trim()
    editor
      .chain()
      .command(({ tr }) => {
        tr.setNodeMarkup(details.pos, undefined, { ...node.attrs, alt: details.alt.trim(), caption: caption === '' ? null : caption, credit: credit === '' ? null : credit })
        return true
      })
      .run()
    closeDetails(details.pos)
  }

  const command = (name: ToolbarCommand) => {
    if (!editor) return
    const chain = editor.chain().focus()
    switch (name) {
      case 'h1':
      case 'h2':
      case 'h3':
        chain.toggleHeading({ level: Number(name[1]) as 1 | 2 | 3 }).run()
        break
      case 'bold':
        chain.toggleBold().run()
        break
      case 'italic':
        chain.toggleItalic().run()
        break
      case 'underline':
        chain.toggleUnderline().run()
        break
      case 'orderedList':
        chain.toggleOrderedList().run()
        break
      case 'bulletList':
        chain.toggleBulletList().run()
        break
      case 'clean':
        // Quill's clean: no marks, and headings and lists back to plain paragraphs.
        chain.unsetAllMarks().clearNodes().run()
        break
      case 'link':
        setImage(null)
        setDetails(null)
        setLink({ href: String(editor.getAttributes('link').href ?? ''), editing: editor.isActive('link'), error: null })
        break
      case 'imageDetails':
        openDetails()
        break
      case 'image':
        setLink(null)
        setDetails(null)
        setImage({ alt: '', fileName: null, progress: null, error: null, file: null })
        break
    }
  }

  const closeLink = () => {
    setLink(null)
    editor?.commands.focus()
  }

  const applyLink = () => {
    if (!editor || !link) return
    const href = linkAddress(link.href)
    if (!href) {
      setLink({ ...link, error: linkError })
      return
    }
    const { empty } = editor.state.selection
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      // The caret goes after the link, so the next words typed do not replace it.
      editor
        .chain()
        .focus()
        .extendMarkRange('link')
        .setLink({ href })
        .command(({ tr, commands }) => commands.setTextSelection(tr.selection.to))
        .run()
    }
    setLink(null)
  }

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run()
    setLink(null)
  }

  const closeImage = () => {
    setImage(null)
    editor?.commands.focus()
  }

  const insertImage = async () => {
    if (!editor || !image || image.progress !== null) return
    if (!image.file) {
      setImage({ ...image, error: 'Choose an image file to upload.' })
      return
    }
    if (image.alt.trim() === '') {
      setImage({ ...image, error: 'Describe the image in its alt text.' })
      return
    }
    const { file, alt } = image
    setImage({ ...image, progress: 0, error: null })
    try {
      const { assetRef } = await uploadImage(file, (percent) => setImage((now) => (now ? { ...now, progress: percent } : now)))
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { assetRef, alt: alt.trim(), caption: null, key: null, crop: null, hotspot: null } })
        // Typing goes on after the picture, not over it.
        .command(({ tr }) => {
          caretAfterImage(tr)
          return true
        })
        .run()
      setImage(null)
    } catch (error) {
      setImage((now) => (now ? { ...now, progress: null, error: `The image could not be uploaded: ${error instanceof Error ? error.message : String(error)}` } : now))
    }
  }

  return (
    <div className={`rte${invalid ? ' rte--invalid' : ''}`} ref={toolbarRef}>
      <EditorToolbar
        controls={id}
        active={active}
        disabled={!editor}
        onCommand={command}
        link={link}
        onLinkChange={(href) => setLink((now) => (now ? { ...now, href, error: null } : now))}
        onLinkApply={applyLink}
        onLinkRemove={removeLink}
        onLinkCancel={closeLink}
        image={image}
        onImageFile={(file) => setImage((now) => (now ? { ...now, file, fileName: file?.name ?? null, error: null } : now))}
        onImageAltChange={(alt) => setImage((now) => (now ? { ...now, alt, error: null } : now))}
        onImageInsert={() => void insertImage()}
        onImageCancel={closeImage}
        imageSelected={imageSelected}
        imageDetails={details}
        onImageDetailsChange={(change) => setDetails((now) => (now ? { ...now, ...change, error: null } : now))}
        onImageDetailsApply={applyDetails}
        onImageDetailsCancel={() => closeDetails(details?.pos ?? null)}
      />
      <EditorContent editor={editor} className="rte__surface" />
    </div>
  )
}
