// Which bytes of a stored file a request asks for (RFC 9110 §14). Video players seek by asking for
// one range at a time, so one range is answered with 206; a request for several ranges gets the
// whole file with 200, which the RFC allows and every player accepts, rather than a multipart body
// no player of ours asks for.

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }

const single = /^bytes=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i

/**
 * The answer to a `Range` header for a file of `size` bytes: the whole file (no header, a header in
 * a unit or syntax we do not serve, or several ranges), one part (`end` inclusive), or 416.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' }
  const m = single.exec(header)
  // Several ranges (a comma) or anything malformed: a server may ignore a Range it does not serve.
  if (!m) return { kind: 'whole' }
  const [, first = '', last = ''] = m
  if (first === '' && last === '') return { kind: 'whole' }
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' }
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (!Number.isFinite(end) || end < start) return { kind: 'whole' }
  return { kind: 'part', start, end }
}

/** Whether an `If-Range` precondition lets the range through: only the file's own strong ETag does. */
export function ifRangeHolds(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag
}

/** Whether an `If-None-Match` header names the file's ETag (or `*`), so the client's copy is current. */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}
