import type { ReactNode } from 'react'
import { categoryHref, presentCategories, type ArticleData } from '../../content/article/article.ts'
import { imageSource } from '../../content/format/image.ts'
import { safeHref } from '../../content/article/links.ts'
import { creditLine } from '../../content/article/credit.ts'
import { videoSource } from '../../content/article/video.ts'
import { cleanText } from '../../../shared/text.ts'
import { ArticleCorrections } from './ArticleCorrections.tsx'
import { Byline } from './Byline.tsx'
import { PortableTextBody } from './PortableTextBody.tsx'
import { VideoPlayer } from './VideoPlayer.island.tsx'
import './ArticleStory.css'

export interface ArticleStoryProps {
  article: ArticleData
  /** Above the headline: a live blog's LIVE mark or that it has ended. */
  status?: ReactNode
}

/** One article as a reader sees it: categories, headline, standfirst, byline, lead image and body. */
export function ArticleStory({ article, status }: ArticleStoryProps) {
  const categories = presentCategories(article)
  const standfirst = cleanText(article.excerpt)
  const lead = imageSource(article.mainImage, 'lead')
  const leadCaption = typeof article.mainImage?.caption === 'string' ? article.mainImage.caption.trim() : ''
  const leadCredit = creditLine(article.mainImage)
  const isVideo = article.mediaType === 'video'
  const video = isVideo ? videoSource(article.video) : null
  // Older video articles name an address elsewhere: linked, since only uploaded files are played.
  const videoHref = isVideo && !video ? safeHref(article.videoUrl) : null
  return (
    <article className="article" aria-labelledby="article-title">
      <header className="article__header">
        {categories.length > 0 && (
          <ul className="article__categories" aria-label="Categories">
            {categories.map((category, index) => {
              const href = categoryHref(category)
              return <li key={`${index}-${category._id}`}>{href ? <a href={href}>{category.title}</a> : category.title}</li>
            })}
          </ul>
        )}
        {status}
        {isVideo && <p className="article__tag">Video Report</p>}
        <h1 id="article-title" className="article__title">
          {article.title}
        </h1>
        {standfirst !== '' && <p className="article__standfirst">{standfirst}</p>}
        <Byline author={article.author} publishedAt={article.publishedAt} updatedAt={article.updatedAt} />
        {videoHref && (
          <p className="article__watch">
            <a href={videoHref}>
              <span aria-hidden="true">▶ </span>Watch the video report
            </a>
          </p>
        )}
      </header>
      {video ? (
        <VideoPlayer src={video.src} type={video.type} title={article.title} poster={lead?.src ?? null} caption={leadCaption} credit={leadCredit} />
      ) : lead && (
        <figure className="article__lead">
          {/* The lead image is the first thing a reader looks at: fetched at once, not lazily. */}
          <img
            src={lead.src}
            srcSet={lead.srcSet}
            sizes="(min-width: 75rem) 72rem, 100vw"
            width={lead.width}
            height={lead.height}
            alt={typeof article.mainImage?.alt === 'string' ? article.mainImage.alt : ''}
            loading="eager"
            fetchPriority="high"
            decoding="async"
          />
          {(leadCaption !== '' || leadCredit) && (
            <figcaption>
              {leadCaption}
              {leadCaption !== '' && leadCredit ? ' ' : null}
              {leadCredit && <span className="article__credit">{leadCredit}</span>}
            </figcaption>
          )}
        </figure>
      )}
      <div className="article__body">
        <PortableTextBody value={article.body} />
      </div>
      <ArticleCorrections corrections={article.corrections} />
    </article>
  )
}
