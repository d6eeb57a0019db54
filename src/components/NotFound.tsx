export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <span className="visually-hidden">404: </span>Oops! Page not found
      </h1>
      <a href="/">Return to Home</a>
    </section>
  )
}
