import './ArticlePlacement.css'

export interface ArticlePlacementProps {
  /** Where on the homepage, in words (src/content/admin/articleForm/placement.ts). */
  homepage: string
  /** Which listings, in words. */
  listings: string
  /** Whether the story is live already: it then says where it is, not where it will be. */
  live: boolean
}

/** The article form's note of where the story appears once published, as its flags and categories say. */
export function ArticlePlacement({ homepage, listings, live }: ArticlePlacementProps) {
  return (
    <section className="article-placement" aria-labelledby="article-placement-heading">
      <h2 id="article-placement-heading" className="article-placement__title">
        {live ? 'Where readers find it, once saved' : 'Where it will appear once published'}
      </h2>
      <ul className="article-placement__lines">
        <li>{homepage}</li>
        <li>{listings}</li>
      </ul>
    </section>
  )
}
