// The homepage's rules live in shared/homepage/rules.ts: the service composes the Morning Briefing from the
// front page by the same rules (server/newsletters), and the server may import only shared/.
export * from '../../../shared/homepage/rules.ts'
