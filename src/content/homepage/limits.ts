// The homepage's numbers live in shared/homepage/limits.ts: the service composes the Morning Briefing from the
// front page by the same rules (server/newsletters), and the server may import only shared/.
export * from '../../../shared/homepage/limits.ts'
