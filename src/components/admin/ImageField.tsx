import { imageSource } from '../../content/format/image.ts'
import './ImageField.css'

export interface ImageFieldValue {
  assetRef: string
  alt: string
  /** Who took the picture, shown after its caption ("Photograph: {credit}"). */
  credit?: string
}

export interface ImageFieldProps {
  /** Prefix of the field's element ids; the alt text input is `${id}-alt`. */
  id: string
  label: string
  value: ImageFieldValue | null
  /** Upload progress in percent while a file is on its way; null otherwise. */
  progress: number | null
  /** Why the last upload failed. */
  uploadError: string | null
  /** The field's validation message (its alt text), when it is shown. */
  error: string | null
  onFile: (file: File) => void
  onAltChange: (alt: string) => void
  /** Given, the field asks for the picture's credit too (`${id}-credit`). */
  onCreditChange?: (credit: string) => void
  onRemove: () => void
  onBlur?: () => void
}

/** An image field: choose a file (uploaded to the content service), see it, describe it, remove it. */
export function ImageField({ id, label, value, progress, uploadError, error, onFile, onAltChange, onCreditChange, onRemove, onBlur }: ImageFieldProps) {
  const source = value ? imageSource({ asset: { _ref: value.assetRef } }, 'card') : null
  const uploading = progress !== null
  const errorId = `${id}-error`
  return (
    <fieldset className="image-field" aria-busy={uploading || undefined}>
      <legend className="image-field__legend">{label}</legend>
      {value ? (
        <div className="image-field__preview">
          {source ? <img src={source.src} srcSet={source.srcSet} sizes="(min-width: 40rem) 20rem, 100vw" width={source.width} height={source.height} alt={value.alt} /> : null}
          <div className="image-field__details">
            <label htmlFor={`${id}-alt`}>Alt text</label>
            <input
              id={`${id}-alt`}
              type="text"
              value={value.alt}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : `${id}-alt-hint`}
              onChange={(event) => onAltChange(event.target.value)}
              onBlur={onBlur}
            />
            {error ? (
              <p className="image-field__error" id={errorId}>
                {error}
              </p>
            ) : (
              <p className="image-field__hint" id={`${id}-alt-hint`}>
                What the image shows, for readers who cannot see it.
              </p>
            )}
            {onCreditChange ? (
              <>
                <label htmlFor={`${id}-credit`}>Credit</label>
                <input
                  id={`${id}-credit`}
                  type="text"
                  value={value.credit ?? ''}
                  aria-describedby={`${id}-credit-hint`}
                  onChange={(event) => onCreditChange(event.target.value)}
                  onBlur={onBlur}
                />
                <p className="image-field__hint" id={`${id}-credit-hint`}>
                  Who took it, as readers see it after “Photograph:”, such as Kofi Mensah/Resonance.
                </p>
              </>
            ) : null}
            <button type="button" className="image-field__remove" onClick={onRemove} disabled={uploading}>
              Remove image
            </button>
          </div>
        </div>
      ) : null}
      <label className="image-field__choose" htmlFor={`${id}-file`}>
        {value ? 'Replace image' : 'Choose an image'}
      </label>
      <input
        id={`${id}-file`}
        className="image-field__file"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onFile(file)
          // Choosing the same file again after a failure should try again.
          event.target.value = ''
        }}
      />
      <div className="image-field__status" role="status">
        {uploading ? (
          <>
            <progress max={100} value={progress} aria-label={`${label} upload progress`} />
            <span>Uploading… {Math.round(progress)}%</span>
          </>
        ) : null}
      </div>
      {uploadError ? (
        <p className="image-field__error" role="alert">
          {uploadError}
        </p>
      ) : null}
    </fieldset>
  )
}
