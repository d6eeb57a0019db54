import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

export interface StoryLinkProps {
  slug: string | null
  children: ReactNode
  className?: string
}

/** A link to a story's page; a story without a slug has no page, so its title is plain text. */
export function StoryLink({ slug, children, className }: StoryLinkProps) {
  if (!slug) return <span className={className}>{children}</span>
  return (
    <Link to="/article/$slug" params={{ slug }} className={className}>
      {children}
    </Link>
  )
}
