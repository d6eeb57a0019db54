import { useId, useState } from 'react'
import type { EditionPreview as Preview } from '../../content/admin/newsletters.ts'
import './NewsroomList.css'
import './EditionPreview.css'

export interface EditionPreviewProps {
  preview: Preview
}

/** The widths an edition is looked at in: a phone's and a desktop mail program's reading pane. */
export const previewWidths = { phone: 390, desktop: 800 } as const

type View = 'phone' | 'desktop' | 'text'

const viewLabels: Record<View, string> = { phone: `Phone (${previewWidths.phone} px)`, desktop: `Desktop (${previewWidths.desktop} px)`, text: 'Plain text' }

/**
 * An edition as subscribers get it: the HTML part in a sandboxed frame (no script runs, no link
 * leaves the admin) at a phone's width or a desktop's, without its styles (the admin's policy keeps
 * them out), or the plain-text part exactly.
 */
export function EditionPreview({ preview }: EditionPreviewProps) {
  const [view, setView] = useState<View>('phone')
  const id = useId()
  return (
    <section className="edition-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="edition-preview__title">
        Preview
      </h2>
      <p className="edition-preview__subject">
        <span className="edition-preview__label">Subject:</span> {preview.subject}
      </p>
      {/* The admin's pages allow no inline style (server/pages/headers.ts), and a frame written from the
          page inherits that policy, so the email's own styles do not apply in it. */}
      <p className="edition-preview__note">
        The words, stories, links and pictures are the email’s own; its styles do not apply in the admin, so the layout here is plainer than in a mail program. The plain
        text is exactly what subscribers get.
      </p>
      <div className="newsroom-list__toggles" role="group" aria-label="Preview as">
        {(Object.keys(viewLabels) as View[]).map((candidate) => (
          <button key={candidate} type="button" aria-pressed={view === candidate} onClick={() => setView(candidate)}>
            {viewLabels[candidate]}
          </button>
        ))}
      </div>
      {view === 'text' ? (
        // Focusable: a reader of the page can scroll it with the keyboard.
        <pre className="edition-preview__text" tabIndex={0} aria-label="The email's plain text">
          {preview.text}
        </pre>
      ) : (
        <div className="edition-preview__frame-scroll" tabIndex={0} role="region" aria-label={`The email at ${viewLabels[view].toLowerCase()}`}>
          <iframe
            className="edition-preview__frame"
            title={`The email's HTML, ${viewLabels[view].toLowerCase()}`}
            sandbox=""
            srcDoc={preview.html}
            width={previewWidths[view]}
            style={{ width: `${previewWidths[view]}px` }}
          />
        </div>
      )}
    </section>
  )
}
