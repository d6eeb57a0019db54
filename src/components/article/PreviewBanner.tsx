import './PreviewBanner.css'

export type PreviewBannerState =
  | { kind: 'loading' }
  | { kind: 'shown'; editHref: string | null }
  | { kind: 'failed'; message: string }

export interface PreviewBannerProps {
  state: PreviewBannerState
}

/**
 * The notice above an editor's preview of an unpublished article: a labelled region, so it is
 * found as a landmark, whose words are a status a screen reader announces as the preview arrives.
 */
export function PreviewBanner({ state }: PreviewBannerProps) {
  return (
    <section className="preview-banner" aria-label="Preview">
      <p className="preview-banner__text" role="status">
        {state.kind === 'loading' && 'Loading the preview…'}
        {state.kind === 'shown' && (
          <>
            <strong className="preview-banner__title">Preview: not published</strong>{' '}
            <span>This is how readers will see the article once it is published. Only the signed-in newsroom can see it now.</span>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <strong className="preview-banner__title">Preview unavailable</strong> <span>{state.message}</span>
          </>
        )}
      </p>
      {state.kind === 'shown' && state.editHref && (
        <p className="preview-banner__actions">
          <a href={state.editHref}>Back to the editor</a>
        </p>
      )}
    </section>
  )
}
