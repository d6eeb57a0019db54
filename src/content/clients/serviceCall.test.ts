import { describe, expect, it } from 'vitest'
import { refusalOf } from './errors.ts'
import { createNewslettersClient } from './newsletters.ts'
import { NewsroomError } from './newsroom.ts'
import { resultOf, serviceCall, ServiceError } from './serviceCall.ts'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const answering = (answer: () => Response | Promise<Response>): typeof fetch => async () => answer()

describe('a call to the content service\'s own endpoints', () => {
  it('sends the editor\'s token and what it accepts', async () => {
    let seen: Record<string, string> = {}
    await serviceCall(async (_url, init) => {
      seen = init?.headers as Record<string, string>
      return json({ result: {} })
    }, 'https://paper.example/newsroom/inbox', 'tok-1', { headers: { 'content-type': 'application/json' } }, 'text/csv')
    expect(seen).toEqual({ 'content-type': 'application/json', accept: 'text/csv', authorization: 'Bearer tok-1' })
  })

  it('says the service\'s own sentence for a refusal, in either of its shapes, with the status', async () => {
    const service = json({ statusCode: 409, error: 'Conflict', message: 'Someone saved this edition after you opened it: reload it to see their changes before saving yours' }, 409)
    const content = json({ error: { description: 'Document is not published' } }, 400)
    const refused = (res: Response) => serviceCall(answering(() => res), 'https://paper.example/x', 't').catch((error: unknown) => error as ServiceError)
    expect(await refused(service)).toMatchObject({ statusCode: 409, message: 'Someone saved this edition after you opened it: reload it to see their changes before saving yours' })
    expect(await refused(content)).toMatchObject({ statusCode: 400, message: 'Document is not published' })
    expect(await refused(new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }))).toMatchObject({ statusCode: 502, message: 'The content service answered 502 Bad Gateway.' })
    // One error for every admin client: the newsroom's name for it is the same class, and errors.ts reads its status.
    expect(await refused(json({ message: 'Your role cannot see newsletters.' }, 403))).toBeInstanceOf(NewsroomError)
    expect(refusalOf(await refused(json({ message: 'Your role cannot see newsletters.' }, 403)))).toBe('forbidden')
  })

  it('says the service could not be reached, or sent an answer the admin cannot read', async () => {
    await expect(serviceCall(() => Promise.reject(new TypeError('fetch failed')), 'https://paper.example/x', 't')).rejects.toMatchObject({ statusCode: null, message: 'Could not reach the content service.' })
    await expect(resultOf(new Response('not json'))).rejects.toMatchObject({ message: 'The content service sent an answer the admin cannot read.' })
    await expect(resultOf(json({ result: ['a list'] }))).rejects.toBeInstanceOf(ServiceError)
  })

  it('serves the newsletters client: a refusal keeps the service\'s words', async () => {
    const client = createNewslettersClient('t', 'https://paper.example', answering(() => json({ statusCode: 409, error: 'Conflict', message: 'No Morning Briefing sent: nothing has been published since the last one' }, 409)))
    await expect(client.morningSend()).rejects.toMatchObject({ statusCode: 409, message: 'No Morning Briefing sent: nothing has been published since the last one' })
  })
})
