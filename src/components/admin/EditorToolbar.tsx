import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import './EditorToolbar.css'

/** The formatting the selection has: which toggle buttons read as pressed. */
export interface ToolbarActive {
  h1: boolean
  h2: boolean
  h3: boolean
  bold: boolean
  italic: boolean
  underline: boolean
  link: boolean
  orderedList: boolean
  bulletList: boolean
}

export const noFormatting: ToolbarActive = { h1: false, h2: false, h3: false, bold: false, italic: false, underline: false, link: false, orderedList: false, bulletList: false }

export type ToolbarCommand = keyof ToolbarActive | 'clean' | 'image' | 'imageDetails'

export interface LinkPanelState {
  href: string
  /** True when the selection is already a link: the panel then offers to remove it. */
  editing: boolean
  error: string | null
}

export interface ImagePanelState {
  alt: string
  fileName: string | null
  /** Upload progress in percent while the file is on its way; null before and after. */
  progress: number | null
  error: string | null
}

/** The panel that edits the selected body image's alt text, caption and credit. */
export interface ImageDetailsPanelState {
  alt: string
  caption: string
  /** Who took the picture (or the agency), shown under it on the article page after the caption. */
  credit: string
  error: string | null
}

export interface EditorToolbarProps {
  /** Id of the editable area the toolbar formats. */
  controls: string
  active: ToolbarActive
  disabled?: boolean
  onCommand: (command: ToolbarCommand) => void
  /** The link address panel, when open. */
  link: LinkPanelState | null
  onLinkChange: (href: string) => void
  onLinkApply: () => void
  onLinkRemove: () => void
  onLinkCancel: () => void
  /** The insert-image panel, when open. */
  image: ImagePanelState | null
  onImageFile: (file: File | null) => void
  onImageAltChange: (alt: string) => void
  onImageInsert: () => void
  onImageCancel: () => void
  /** An image in the text is selected: Edit image can open its details. */
  imageSelected?: boolean
  /** The selected image's alt text, caption and credit panel, when open. */
  imageDetails?: ImageDetailsPanelState | null
  onImageDetailsChange?: (change: Partial<Pick<ImageDetailsPanelState, 'alt' | 'caption' | 'credit'>>) => void
  onImageDetailsApply?: () => void
  onImageDetailsCancel?: () => void
}

interface ButtonSpec {
  command: ToolbarCommand
  label: string
  /** What the button shows; its name for assistive technology is `label`. */
  face: ReactNode
  toggle: boolean
  className?: string
}

// Drawn rather than emoji, which not every system has a font for.
const icon = (path: string) => (
  <svg viewBox="0 0 18 18" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={path} />
  </svg>
)
const icons = {
  link: icon('M7.5 10.5 10.5 7.5M6.2 8.6l-1.8 1.8a2.6 2.6 0 0 0 3.7 3.7l1.8-1.8M11.8 9.4l1.8-1.8a2.6 2.6 0 0 0-3.7-3.7L8.1 5.7'),
  orderedList: icon('M7 4.5h8M7 9h8M7 13.5h8M2.5 3.5h1v3M2.3 6.5h2.2M2.3 10.2c.2-.6 1.8-.8 1.9.1.1.7-1.9 1.6-1.9 2.2h2'),
  bulletList: icon('M7 4.5h8M7 9h8M7 13.5h8M3 4.5h.01M3 9h.01M3 13.5h.01'),
  clean: icon('M4 4h9M8.5 4l-2.5 10M3 15h6M11 10l4 4M15 10l-4 4'),
  image: icon('M2.5 3.5h13v11h-13zM2.5 12l3.5-3.5 3 3 2-2 4 4M11.5 7h.01'),
  imageDetails: icon('M2.5 3.5h8M2.5 7h5M2.5 10.5h4M10 15.5l.6-2.6 4.4-4.4 2 2-4.4 4.4z'),
}

// The spec's Quill toolbar: headers, bold, italic, underline, link, ordered list, bullet list, clean;
// plus Insert image, which uploads to the content service instead of embedding the bytes.
const groups: ButtonSpec[][] = [
  [
    { command: 'h1', label: 'Heading 1', face: 'H1', toggle: true },
    { command: 'h2', label: 'Heading 2', face: 'H2', toggle: true },
    { command: 'h3', label: 'Heading 3', face: 'H3', toggle: true },
  ],
  [
    { command: 'bold', label: 'Bold', face: 'B', toggle: true, className: 'editor-toolbar__bold' },
    { command: 'italic', label: 'Italic', face: 'I', toggle: true, className: 'editor-toolbar__italic' },
    { command: 'underline', label: 'Underline', face: 'U', toggle: true, className: 'editor-toolbar__underline' },
    { command: 'link', label: 'Link', face: icons.link, toggle: true },
  ],
  [
    { command: 'orderedList', label: 'Ordered list', face: icons.orderedList, toggle: true },
    { command: 'bulletList', label: 'Bullet list', face: icons.bulletList, toggle: true },
  ],
  [
    { command: 'clean', label: 'Clean (remove formatting)', face: icons.clean, toggle: false },
    { command: 'image', label: 'Insert image', face: icons.image, toggle: false },
    { command: 'imageDetails', label: 'Edit image', face: icons.imageDetails, toggle: false },
  ],
]
const buttons = groups.flat()
// Each button's place in the toolbar's one row, for the arrow keys.
const place = new Map(buttons.map((spec, i) => [spec.command, i]))

/**
 * The rich-text editor's toolbar: one tab stop, arrow keys move between buttons (Home and End to
 * the ends); toggles say whether the selection has their formatting with `aria-pressed`. Buttons
 * keep the editor's selection when clicked. Below it, the link and image panels when open.
 */
export function EditorToolbar(props: EditorToolbarProps) {
  const { controls, active, disabled = false, onCommand, link, image, imageSelected = false, imageDetails = null } = props
  const [current, setCurrent] = useState(0)
  const refs = useRef<Array<HTMLButtonElement | null>>([])

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null
    if (next === null) return
    event.preventDefault()
    setCurrent(next)
    refs.current[next]?.focus()
  }

  return (
    <div className="editor-toolbar">
      <div className="editor-toolbar__buttons" role="toolbar" aria-label="Formatting" aria-controls={controls} onKeyDown={move}>
        {groups.map((group, g) => (
          <div className="editor-toolbar__group" key={g}>
            {group.map((spec) => {
              const i = place.get(spec.command)!
              const pressed = spec.toggle ? active[spec.command as keyof ToolbarActive] : undefined
              // Edit image needs a selected image; it stays focusable (aria-disabled), so arrowing
              // along the toolbar does not skip it and a screen reader still learns it is there.
              const unavailable = spec.command === 'imageDetails' && !imageSelected
              return (
                <button
                  key={spec.command}
                  ref={(el) => {
                    refs.current[i] = el
                  }}
                  type="button"
                  className={`editor-toolbar__button ${spec.className ?? ''}`}
                  aria-label={spec.label}
                  title={spec.label}
                  aria-pressed={pressed}
                  tabIndex={i === current ? 0 : -1}
                  disabled={disabled}
                  aria-disabled={unavailable || undefined}
                  // Pressing a button must not take the selection away from the text it formats.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setCurrent(i)}
                  onClick={() => {
                    if (!unavailable) onCommand(spec.command)
                  }}
                >
                  <span aria-hidden="true">{spec.face}</span>
                </button>
              )
            })}
          </div>
        ))}
      </div>
      {link ? <LinkPanel {...props} link={link} /> : null}
      {image ? <ImagePanel {...props} image={image} /> : null}
      {imageDetails ? <ImageDetailsPanel {...props} details={imageDetails} /> : null}
      {/* Always in the page, so a screen reader hears when an image becomes selected. */}
      <p className="editor-toolbar__hint editor-toolbar__selected" role="status">
        {imageSelected && !imageDetails ? 'Image selected. Press Enter, or Edit image, to change its alt text, caption and credit.' : ''}
      </p>
    </div>
  )
}

const escapeCloses = (close: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.preventDefault()
    event.stopPropagation()
    close()
  }
}

function LinkPanel({ controls, link, onLinkChange, onLinkApply, onLinkRemove, onLinkCancel }: EditorToolbarProps & { link: LinkPanelState }) {
  const inputId = `${controls}-link`
  const errorId = `${controls}-link-error`
  return (
    <div className="editor-toolbar__panel" role="group" aria-label="Edit link" onKeyDown={escapeCloses(onLinkCancel)}>
      <label htmlFor={inputId}>
        Link address
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com"
        // The panel opens on purpose, to type an address: the caret belongs here.
        autoFocus
        value={link.href}
        aria-invalid={link.error ? true : undefined}
        aria-describedby={link.error ? errorId : `${inputId}-hint`}
        onChange={(event) => onLinkChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter applies the link; it must not submit the article form around the editor.
          if (event.key === 'Enter') {
            event.preventDefault()
            onLinkApply()
          }
        }}
      />
      {link.error ? (
        <p className="editor-toolbar__error" id={errorId}>
          {link.error}
        </p>
      ) : (
        <p className="editor-toolbar__hint" id={`${inputId}-hint`}>
          Web (https://), email (mailto:) or phone (tel:) addresses.
        </p>
      )}
      <div className="editor-toolbar__actions">
        <button type="button" onClick={onLinkApply}>
          Apply link
        </button>
        {link.editing ? (
          <button type="button" onClick={onLinkRemove}>
            Remove link
          </button>
        ) : null}
        <button type="button" onClick={onLinkCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}

function ImagePanel({ controls, image, onImageFile, onImageAltChange, onImageInsert, onImageCancel }: EditorToolbarProps & { image: ImagePanelState }) {
  const fileId = `${controls}-image-file`
  const altId = `${controls}-image-alt`
  const uploading = image.progress !== null
  return (
    <div className="editor-toolbar__panel" role="group" aria-labelledby={`${controls}-image-title`} onKeyDown={escapeCloses(onImageCancel)}>
      <p className="editor-toolbar__panel-title" id={`${controls}-image-title`}>
        Insert image
      </p>
      <label htmlFor={fileId}>Image file</label>
      <input id={fileId} type="file" accept="image/jpeg,image/png,image/webp,image/gif" autoFocus disabled={uploading} onChange={(event) => onImageFile(event.target.files?.[0] ?? null)} />
      <label htmlFor={altId}>Alt text</label>
      <input
        id={altId}
        type="text"
        value={image.alt}
        disabled={uploading}
        aria-describedby={`${altId}-hint`}
        onChange={(event) => onImageAltChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onImageInsert()
          }
        }}
      />
      <p className="editor-toolbar__hint" id={`${altId}-hint`}>
        What the image shows, for readers who cannot see it.
      </p>
      <div className="editor-toolbar__status" role="status">
        {uploading ? (
          <>
            <progress max={100} value={image.progress ?? 0} aria-label="Upload progress" />
            <span>Uploading {image.fileName ?? 'image'}… {Math.round(image.progress ?? 0)}%</span>
          </>
        ) : null}
      </div>
      {image.error ? (
        <p className="editor-toolbar__error" role="alert">
          {image.error}
        </p>
      ) : null}
      <div className="editor-toolbar__actions">
        <button type="button" onClick={onImageInsert} aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading...' : 'Upload and insert'}
        </button>
        <button type="button" onClick={onImageCancel} disabled={uploading}>
          Cancel
        </button>
      </div>
    </div>
  )
}

function ImageDetailsPanel({ controls, details, onImageDetailsChange, onImageDetailsApply, onImageDetailsCancel }: EditorToolbarProps & { details: ImageDetailsPanelState }) {
  const altId = `${controls}-image-details-alt`
  const captionId = `${controls}-image-details-caption`
  const creditId = `${controls}-image-details-credit`
  const errorId = `${altId}-error`
  const cancel = () => onImageDetailsCancel?.()
  const apply = () => onImageDetailsApply?.()
  // Enter applies; it must not submit the form around the editor.
  const enterApplies = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    }
  }
  return (
    <div className="editor-toolbar__panel" role="group" aria-labelledby={`${controls}-image-details-title`} onKeyDown={escapeCloses(cancel)}>
      <p className="editor-toolbar__panel-title" id={`${controls}-image-details-title`}>
        Edit image
      </p>
      <label htmlFor={altId}>Alt text</label>
      <input
        id={altId}
        type="text"
        // The panel opens on purpose, to change the description: the caret belongs here.
        autoFocus
        value={details.alt}
        aria-invalid={details.error ? true : undefined}
        aria-describedby={details.error ? errorId : `${altId}-hint`}
        onChange={(event) => onImageDetailsChange?.({ alt: event.target.value })}
        onKeyDown={enterApplies}
      />
      {details.error ? (
        <p className="editor-toolbar__error" id={errorId}>
          {details.error}
        </p>
      ) : (
        <p className="editor-toolbar__hint" id={`${altId}-hint`}>
          What the image shows, for readers who cannot see it.
        </p>
      )}
      <label htmlFor={captionId}>Caption</label>
      <input id={captionId} type="text" value={details.caption} aria-describedby={`${captionId}-hint`} onChange={(event) => onImageDetailsChange?.({ caption: event.target.value })} onKeyDown={enterApplies} />
      <p className="editor-toolbar__hint" id={`${captionId}-hint`}>
        Shown under the image; leave empty for none.
      </p>
      <label htmlFor={creditId}>Credit</label>
      <input id={creditId} type="text" value={details.credit} aria-describedby={`${creditId}-hint`} onChange={(event) => onImageDetailsChange?.({ credit: event.target.value })} onKeyDown={enterApplies} />
      <p className="editor-toolbar__hint" id={`${creditId}-hint`}>
        The photographer or agency, shown after the caption as “Photograph: …”; leave empty for none.
      </p>
      <div className="editor-toolbar__actions">
        <button type="button" onClick={apply}>
          Apply
        </button>
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
