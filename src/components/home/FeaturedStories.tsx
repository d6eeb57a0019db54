import { categoryLabel } from '../../content/article/byline.ts'
import { longDate } from '../../content/format/dates.ts'
import type { CardArticle } from '../../content/homepage/rules.ts'
import { cleanText } from '../../../shared/text.ts'
import { BylineAuthor } from '../authors/BylineAuthor.tsx'
import { LiveBlogLatest } from './LiveBlogLatest.tsx'
import { StoryImage } from './StoryImage.tsx'
import { StoryLink } from '../ui/StoryLink.tsx'
import './HomeSection.css'
import './FeaturedStories.css'

export interface FeaturedStoriesProps {
  articles: CardArticle[]
  /** For a live blog's update times ("14.05 GMT" today); the render's time. */
  now?: Date
}

export function FeaturedStories({ articles, now = new Date() }: FeaturedStoriesProps) {
  if (articles.length === 0) return null
  return (
    <section className="home-section featured" aria-labelledby="featured-title">
      <h2 id="featured-title" className="home-section__title">
        Featured Stories
      </h2>
      <ul className="featured__grid">
        {articles.map((a) => {
          const excerpt = cleanText(a.excerpt)
          return (
            <li key={a._id}>
              <article className="featured__card">
                <StoryImage image={a.mainImage} size="card" sizes="(min-width: 1152px) 360px, (min-width: 768px) 33vw, 100vw" video={a.mediaType === 'video'} />
                <span className="story-tag">{categoryLabel(a.categories, 'FEATURES')}</span>
                <h3 className="featured__headline">
                  <StoryLink slug={a.slug}>{a.title}</StoryLink>
                </h3>
                {excerpt ? <p className="featured__excerpt">{excerpt}</p> : null}
                <LiveBlogLatest article={a} now={now} />
                <p className="story-meta">
                  <span>
                    <BylineAuthor author={a.author} />
                  </span>
                  {a.publishedAt ? <time dateTime={a.publishedAt}>{longDate(new Date(a.publishedAt))}</time> : null}
                </p>
                {a.slug ? (
                  <StoryLink slug={a.slug} className="featured__more">
                    Continue Reading<span className="visually-hidden">: {a.title}</span>
                  </StoryLink>
                ) : null}
              </article>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
