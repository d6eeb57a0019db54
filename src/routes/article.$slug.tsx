import { Await, createFileRoute, notFound, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { ArticleMoreFrom } from '../components/article/ArticleMoreFrom.tsx'
import { LoadingSpinner } from '../components/ui/LoadingSpinner.tsx'
import { ArticleStatus } from '../components/article/ArticleStatus.tsx'
import { ArticleStory } from '../components/article/ArticleStory.tsx'
import { categoryHref, InvalidSlugError, type LoadedArticle } from '../content/article/article.ts'
import type { LiveBlogPage } from '../content/liveblog/liveBlog.ts'
import { validateLiveBlogSearch } from '../content/liveblog/search.ts'
import { LiveBlog } from '../components/liveblog/LiveBlog.tsx'
import { useNow } from './-clock.tsx'
import { ArticlePreview } from './-articlePreview.tsx'
import { LiveBlogLive } from './-liveblog/LiveBlogLive.island.tsx'
import { LiveBlogMark } from './-liveblog/LiveBlogMark.island.tsx'
import { ReadBeacon } from './-readBeacon.tsx'
import { useRetry } from './-retry.ts'

export const Route = createFileRoute('/article/$slug')({
  // The loader's and the head's rules load with the first article, outside the reader's first
  // download (decision 018); the page's views share that module.
  // A live blog's older page (`?page=N`) or one of its updates (`?update={id}`).
  validateSearch: validateLiveBlogSearch,
  loaderDeps: ({ search }) => ({ page: search.page, update: search.update }),
  loader: async ({ params, context, deps }): Promise<LoadedArticle & { live?: LiveBlogPage }> => {
    const { loadArticle } = await import('../content/article/article.ts')
    const fetch = <R,>(query: string, queryParams: Record<string, unknown>) => context.content.fetch<R>(query, queryParams)
    // loadArticle checks the slug before any request and throws InvalidSlugError when it fails.
    const loaded = await loadArticle(fetch, params.slug)
    if (!loaded) throw notFound()
    if (!loaded.article.isLiveBlog) return loaded
    const { loadLiveBlogPage } = await import('../content/liveblog/liveBlog.ts')
    const { parseLiveBlogRequest } = await import('../content/liveblog/pages.ts')
    // A page or update the blog does not have is the not-found page, as a missing article is.
    const { liveBlogPageKeys } = await import('../content/liveblog/cacheKeys.ts')
    const live = await loadLiveBlogPage(fetch, loaded.article._id, `/article/${params.slug}`, parseLiveBlogRequest(deps))
    context.fileUnder?.(liveBlogPageKeys(loaded.article._id, live))
    if (!live) throw notFound()
    return { ...loaded, live }
  },
  head: async ({ loaderData, match }) =>
    loaderData?.live
      ? (await import('../content/liveblog/head.ts')).liveBlogHead(match.context.origin, loaderData.article, loaderData.live)
      : (await import('../content/article/article.ts')).articleHead(match.context.origin, { article: loaderData?.article, status: match.status, error: match.error }),
  // Pending components stay in the main bundle (they show before the route's chunk arrives), so
  // this one is the small shared spinner; the other states load with the route.
  pendingComponent: () => <LoadingSpinner label="Loading article" />,
  errorComponent: ArticleError,
  // An unpublished article is not found for readers; a signed-in editor's browser then shows its draft.
  notFoundComponent: ArticleNotFound,
  component: ArticlePage,
})

function ArticleError({ error }: ErrorComponentProps) {
  const onRetry = useRetry()
  if (error instanceof InvalidSlugError) return <ArticleStatus state={{ kind: 'invalidSlug' }} />
  const message = error instanceof Error && error.message ? error.message : String(error)
  return <ArticleStatus state={{ kind: 'error', message, onRetry }} />
}

function ArticleNotFound() {
  const { slug } = Route.useParams()
  const { content } = Route.useRouteContext()
  return (
    <ArticlePreview slug={slug} content={content} render={(loaded) => <ArticleView {...loaded} />}>
      <ArticleStatus state={{ kind: 'notFound' }} />
    </ArticlePreview>
  )
}

function ArticlePage() {
  const loaded = Route.useLoaderData()
  const { slug } = Route.useParams()
  const { content } = Route.useRouteContext()
  // `?preview` (the admin form's Preview button): a published article's draft, if there is one.
  const preview = useRouterState({ select: (s) => 'preview' in s.location.search })
  // A published article seen by a reader is a read; an editor's preview of its draft is not.
  const beacon = <ReadBeacon page={slug} preview={preview} />
  if (!preview)
    return (
      <>
        <ArticleView {...loaded} />
        {beacon}
      </>
    )
  return (
    <>
      <ArticlePreview slug={slug} content={content} render={(draft) => <ArticleView {...draft} />}>
        <ArticleView {...loaded} />
      </ArticlePreview>
      {beacon}
    </>
  )
}

function ArticleView({ article, moreFrom, live }: LoadedArticle & { live?: LiveBlogPage }) {
  const category = moreFrom && { title: moreFrom.category.title, href: categoryHref(moreFrom.category) }
  const now = useNow()
  const { origin } = Route.useRouteContext()
  return (
    <>
      {live ? (
        // Only the blog's own address is live: an older page is a fixed block (decision 029), and an
        // ended blog has nothing more to say. The live parts are islands (decision 031).
        live.page === null && !article.liveBlogEndedAt && article.slug ? (
          <LiveBlog
            article={article}
            page={live}
            now={now}
            origin={origin}
            status={<LiveBlogMark />}
            updates={<LiveBlogLive blog={article._id} title={article.title} slug={article.slug} page={live} now={now.toISOString()} origin={origin} />}
          />
        ) : (
          <LiveBlog article={article} page={live} now={now} origin={origin} />
        )
      ) : (
        <ArticleStory article={article} />
      )}
      {moreFrom && category && (
        <Await promise={moreFrom.articles} fallback={<ArticleMoreFrom category={category} articles={null} />}>
          {(articles) => <ArticleMoreFrom category={category} articles={articles} />}
        </Await>
      )}
    </>
  )
}
