import type { CardArticle } from '../../content/homepage/rules.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { StoryImage } from './StoryImage.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './HomeSection.css'
import './VideoJournal.css'

export interface VideoJournalProps {
  articles: CardArticle[]
}

export function VideoJournal({ articles }: VideoJournalProps) {
  const [first, ...rest] = articles
  if (!first) return null
  return (
    <section className="home-section video-journal" aria-labelledby="video-journal-title">
      <h2 id="video-journal-title" className="home-section__title">
        Video Journal
      </h2>
      <div className="video-journal__layout">
        <article className="video-journal__main">
          <StoryLink slug={first.slug} className="video-journal__media">
            <StoryImage image={first.mainImage} size="lead" sizes="(min-width: 1152px) 700px, (min-width: 768px) 60vw, 100vw" video />
            <span className="visually-hidden">Video: </span>
            <span className="video-journal__headline">{first.title}</span>
          </StoryLink>
          <p className="story-meta">
            <BylineAuthor author={first.author} />
          </p>
        </article>
        {rest.length > 0 ? (
          <div className="video-journal__more">
            <h3 className="video-journal__subtitle">Latest Videos</h3>
            <ul className="video-journal__list">
              {rest.map((a) => (
                <li key={a._id}>
                  <StoryLink slug={a.slug} className="video-journal__item">
                    <StoryImage image={a.mainImage} size="thumbnail" sizes="200px" video className="video-journal__thumb" />
                    <span className="visually-hidden">Video: </span>
                    <span>{a.title}</span>
                  </StoryLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  )
}
