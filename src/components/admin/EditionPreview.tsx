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
 * An edition as subscribers get it: the HTML part in a sandboxed frame (no script runs) at a phone's
 * width or a desktop's, or the plain-text part exactly. The frame loads the HTML from the service's
 * preview address, whose own policy lets the email's inline styles apply (docs/decisions/027); with
 * no address it shows the HTML written into the frame, where the admin's policy keeps the styles out,
 * and says so.
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
      <p className="edition-preview__note">
        {preview.address
          ? 'Exactly as subscribers get it: the email’s own HTML and styles at the width chosen, and its plain text. Its personal links work for nobody.'
          : 'The words, stories, links and pictures are the email’s own; its styles do not apply in the admin, so the layout here is plainer than in a mail program. The plain text is exactly what subscribers get.'}
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
            {...(preview.address ? { src: preview.address } : { srcDoc: preview.html })}
            // Nothing of the editor's goes with it: the address alone is what the service checks.
            referrerPolicy="no-referrer"
            width={previewWidths[view]}
            style={{ width: `${previewWidths[view]}px` }}
          />
        </div>
      )}
    </section>
  )
}
