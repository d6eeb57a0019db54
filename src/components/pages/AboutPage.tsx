import { Link } from '@tanstack/react-router'
import { contactDetails, telHref } from '../../content/pages/contact.ts'
import { AboutTeam, type TeamMember } from './AboutTeam.tsx'
import { SubscribeBox } from './SubscribeBox.island.tsx'
import './AboutPage.css'

// Invented people: the newsroom the demo paper's bylines belong to.
const resonanceTeam: readonly TeamMember[] = [
  { name: 'Eleanor Marsh', role: 'Editor', bio: 'Founded Resonance after twenty years on national and regional papers. Reads every correction request herself.' },
  { name: 'Priya Raman', role: 'Political Editor', bio: 'Has covered Westminster and City Hall for fifteen years and presents our weekly politics podcast.' },
  { name: 'Aisha Okafor', role: 'World Affairs Editor', bio: 'Based in London after postings in Brussels and Nairobi.' },
  { name: 'Marcus Adeyemi', role: 'Business Editor', bio: 'Covers the City, the Bank of England and the economics of everyday life.' },
  { name: 'Tom Whitcombe', role: 'Transport and Cities Correspondent', bio: 'A lifelong Bakerloo line loyalist, previously at a regional daily in the Midlands.' },
  { name: 'Sinéad Byrne', role: 'Arts Editor', bio: 'Theatre critic and occasional film programmer who sees around two hundred shows a year.' },
  { name: 'Gareth Llewellyn', role: 'Chief Sports Writer', bio: 'Has reported on six World Cups and still thinks rugby is the better game.' },
  { name: 'Kofi Mensah', role: 'Picture Editor', bio: 'His photo essays on London life have been exhibited across the city.' },
]

interface Award {
  year: number
  title: string
  from: string
}

// Invented prizes from invented bodies, so no real organisation is misquoted.
const awards: readonly Award[] = [
  { year: 2025, title: 'Digital Newspaper of the Year', from: 'Capital Media Awards' },
  { year: 2025, title: 'Local Investigation of the Year, for ‘The Empty Homes of Zone 2’', from: 'Thames Journalism Prize' },
  { year: 2025, title: 'Photographer of the Year (shortlisted): Kofi Mensah', from: 'Independent Press Photography Awards' },
  { year: 2024, title: 'Best New Publication', from: 'Society of Independent Publishers' },
]

const principles = [
  { name: 'Informative', text: 'We explain as well as report: what happened, why it matters to people in London and what comes next.' },
  { name: 'Accurate', text: 'Every story is checked by a second pair of eyes before it is published, and every correction is marked in the article it corrects.' },
  { name: 'Global', text: 'London is a world city. We follow the stories from abroad that shape life here, with correspondents who know the places they write about.' },
] as const

export function AboutPage() {
  return (
    <div className="about-page">
      <header className="about-page__header">
        <p className="about-page__kicker">About us</p>
        <h1>About Resonance</h1>
        <p className="about-page__lede">
          An independent newspaper for London, founded in 2024. Informative, accurate and global: where truth finds its voice.
        </p>
        <p className="about-page__facts">
          <span>Est. 2024</span>
          <span>London</span>
        </p>
      </header>

      <section className="about-page__section about-page__story" aria-labelledby="about-page-story">
        <h2 id="about-page-story">Our story</h2>
        <p>
          Resonance began in the spring of 2024 around a kitchen table in Bermondsey. A handful of reporters, most of
          whom had lost their jobs in a round of newsroom cuts, agreed that London still needed a paper that took the time
          to get things right: one that turned up to the council meeting, read the planning documents and rang back the
          people it wrote about.
        </p>
        <p>
          We published our first edition online in September 2024, funded by readers rather than advertisers. The name
          says what we are for. Good reporting should resonate: it should still matter after the day's noise has moved on.
        </p>
      </section>

      <section className="about-page__section" aria-labelledby="about-page-approach">
        <h2 id="about-page-approach">Our approach</h2>
        <ul className="about-page__principles">
          {principles.map((principle) => (
            <li key={principle.name}>
              <h3>{principle.name}</h3>
              <p>{principle.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-page__section" aria-labelledby="about-page-team">
        <h2 id="about-page-team">Our team</h2>
        <AboutTeam members={resonanceTeam} />
      </section>

      <section className="about-page__section" aria-labelledby="about-page-contact">
        <h2 id="about-page-contact">Contact us</h2>
        <div className="about-page__contact">
          <p>
            Email <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>
            <br />
            Phone <a href={telHref(contactDetails.phone)}>{contactDetails.phone}</a>
          </p>
          <address>
            {contactDetails.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p>
            <Link to="/contact">Send us a message</Link>
          </p>
        </div>
      </section>

      {/* The page's one interactive part, an island: a valid address goes to the subscribe page. */}
      <SubscribeBox />

      <section className="about-page__section" aria-labelledby="about-page-awards">
        <h2 id="about-page-awards">Awards</h2>
        <ul className="about-page__awards">
          {awards.map((award) => (
            <li key={award.title}>
              <span className="about-page__award-year">{award.year}</span>
              <span>
                <strong>{award.title}</strong>
                <span className="about-page__award-from">{award.from}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
