import './VideoField.css'

export interface VideoFieldValue {
  /** The file asset's id, `file-<sha1>-mp4` or `file-<sha1>-webm`. */
  assetRef: string
  /** Where the service serves it, to preview; null when only the reference is known. */
  src: string | null
  /** The file's name as uploaded, when known. */
  filename?: string | null
}

export interface VideoFieldProps {
  /** Prefix of the field's element ids; the file input is `${id}-file`. */
  id: string
  label: string
  value: VideoFieldValue | null
  /** Upload progress in percent while a file is on its way; null otherwise. */
  progress: number | null
  /** Why the last upload failed. */
  uploadError: string | null
  /** The field's validation message (a video article without a video), when it is shown. */
  error: string | null
  onFile: (file: File) => void
  onRemove: () => void
}

/**
 * A video article's video: choose an MP4 or WebM file (uploaded to the content service as a file
 * asset), watch it back, replace or remove it. The service decides by the file's bytes whether it is
 * a video it can serve, and says so when it is not.
 */
export function VideoField({ id, label, value, progress, uploadError, error, onFile, onRemove }: VideoFieldProps) {
  const uploading = progress !== null
  const errorId = `${id}-error`
  return (
    <fieldset className="video-field" aria-busy={uploading || undefined} aria-describedby={error ? errorId : `${id}-hint`}>
      <legend className="video-field__legend">{label}</legend>
      {value ? (
        <div className="video-field__preview">
          {value.src ? <video className="video-field__video" src={value.src} controls preload="metadata" playsInline aria-label={`${label}: ${value.filename ?? 'uploaded video'}`} /> : null}
          <p className="video-field__name">{value.filename ?? 'Video uploaded'}</p>
          <button type="button" className="video-field__remove" onClick={onRemove} disabled={uploading}>
            Remove video
          </button>
        </div>
      ) : null}
      <label className="video-field__choose" htmlFor={`${id}-file`}>
        {value ? 'Replace video' : 'Choose a video'}
      </label>
      <input
        id={`${id}-file`}
        className="video-field__file"
        type="file"
        accept="video/mp4,video/webm"
        disabled={uploading}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onFile(file)
          // Choosing the same file again after a failure should try again.
          event.target.value = ''
        }}
      />
      {error ? (
        <p className="video-field__error" id={errorId}>
          {error}
        </p>
      ) : (
        <p className="video-field__hint" id={`${id}-hint`}>
          An MP4 (H.264) or WebM file. Readers see the main image until they press play.
        </p>
      )}
      <div className="video-field__status" role="status">
        {uploading ? (
          <>
            <progress max={100} value={progress} aria-label={`${label} upload progress`} />
            <span>Uploading… {Math.round(progress)}%</span>
          </>
        ) : null}
      </div>
      {uploadError ? (
        <p className="video-field__error" role="alert">
          {uploadError}
        </p>
      ) : null}
    </fieldset>
  )
}
