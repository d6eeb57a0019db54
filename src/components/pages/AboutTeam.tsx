import './AboutTeam.css'

export interface TeamMember {
  name: string
  role: string
  bio?: string
}

export interface AboutTeamProps {
  members: readonly TeamMember[]
}

/** 'PR' for 'Priya Raman': a monogram where a portrait would go. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => Array.from(word ?? '')[0] ?? '').join('').toUpperCase()
}

/** The people behind the paper, each with a name, a role and a line about them. */
export function AboutTeam({ members }: AboutTeamProps) {
  if (members.length === 0) return <p className="about-team__empty">Our team will be introduced here soon.</p>
  return (
    <ul className="about-team">
      {members.map((member) => (
        <li key={member.name} className="about-team__member">
          <span className="about-team__monogram" aria-hidden="true">
            {initials(member.name)}
          </span>
          <div>
            <h3 className="about-team__name">{member.name}</h3>
            <p className="about-team__role">{member.role}</p>
            {member.bio ? <p className="about-team__bio">{member.bio}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
