import type { ReactNode } from 'react'
import { articlePath } from '../../../shared/paths.ts'

export interface StoryLinkProps {
  slug: string | null
  children: ReactNode
  className?: string
}

/**
 * A link to a story's page; a story without a slug has no page, so its title is plain text. A plain
 * link: reader pages are documents the edge cache serves (docs/decisions/031-islands.md), and an
 * island that shows stories (the homepage's live feed) hydrates without the router.
 */
export function StoryLink({ slug, children, className }: StoryLinkProps) {
  if (!slug) return <span className={className}>{children}</span>
  return (
    <a href={articlePath(slug)} className={className}>
      {children}
    </a>
  )
}
