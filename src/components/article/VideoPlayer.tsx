import { useEffect, useRef, useState } from 'react'
import './VideoPlayer.css'

export interface VideoPlayerProps {
  /** The video file's address (content/article/video.ts). */
  src: string
  /** `video/mp4` or `video/webm`. */
  type: string
  /** What the video is about, for the player's name: "Video: {title}". */
  title: string
  /** The picture shown before it plays (the article's main image); without one the first frame shows. */
  poster?: string | null
  /** The picture's caption and credit, read under the player. */
  caption?: string | null
  credit?: string | null
}

const formats: Record<string, string> = { 'video/mp4': 'MP4', 'video/webm': 'WebM' }

/**
 * A video article's player: the browser's own controls (keyboard and screen readers work with them),
 * loading only the video's metadata until the reader presses play, inline on phones. Where the
 * browser cannot play it, the reader is offered the file to download instead.
 */
export function VideoPlayer({ src, type, title, poster, caption, credit }: VideoPlayerProps) {
  const [failed, setFailed] = useState(false)
  const video = useRef<HTMLVideoElement>(null)
  // On a document the player is an island (VideoPlayer.island.tsx) that may start after the browser
  // has already given up on the file: the error it missed is in the element's state.
  useEffect(() => {
    if (video.current?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setFailed(true)
  }, [])
  const format = formats[type] ?? 'video'
  const download = (
    <a href={src} download>
      Download the video ({format})
    </a>
  )
  const hasCaption = Boolean(caption) || Boolean(credit)
  return (
    <figure className="video-player">
      {failed ? (
        <div className="video-player__failed" role="alert">
          <p>This video cannot be played in your browser.</p>
          <p>{download}</p>
        </div>
      ) : (
        <video
          ref={video}
          className="video-player__video"
          controls
          preload="metadata"
          playsInline
          poster={poster ?? undefined}
          aria-label={`Video: ${title}`}
          width={1280}
          height={720}
          onError={() => setFailed(true)}
        >
          <source src={src} type={type} onError={() => setFailed(true)} />
          {/* Shown only by browsers with no video element at all. */}
          <p>Your browser does not play video. {download}</p>
        </video>
      )}
      {hasCaption ? (
        <figcaption>
          {caption ? <span className="video-player__caption">{caption}</span> : null}
          {caption && credit ? ' ' : null}
          {credit ? <span className="video-player__credit">{credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  )
}
