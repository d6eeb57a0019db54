// Word pools for the demo and benchmark articles. Written in British English for a London paper.
// Texts use `{slot}` placeholders (filled once per article, so a borough named in the headline is
// the same borough in the body) and a little inline markup turned into Portable Text by
// compose.ts: **strong**, *em* and [label](href). People, companies, shows and bands are invented;
// places and public institutions are real so the paper reads like London.

import type { ImageTheme } from './images.ts'

export type SectionSlug = 'uk' | 'world' | 'comment' | 'life-style' | 'business' | 'sport' | 'culture' | 'travel'
export type TopicSlug = 'news-politics' | 'film-television' | 'sports' | 'pop-culture' | 'events'
export type DeskSlug = 'news' | 'features' | 'opinion' | 'podcasts' | 'music' | 'puzzles' | 'magazines'

/** Which homepage role a story suits; the generators only hand out flags to stories that fit them. */
export type StoryHint = 'breaking' | 'lead' | 'video' | 'gallery'

export interface StoryTemplate {
  headline: string
  /** Plain text, one or two sentences. */
  excerpt: string
  /** The story's own opening paragraph, so no two bodies start alike. */
  detail: string
  theme: ImageTheme
  topic?: TopicSlug
  desk?: DeskSlug
  hint?: StoryHint
}

export interface Quote {
  text: string
  by: string
}

export interface ListTemplate {
  style: 'bullet' | 'number'
  items: string[]
}

export type BodyShape = 'report' | 'explainer' | 'longRead' | 'brief' | 'guide' | 'opinion' | 'picture'

export interface SectionPool {
  slug: SectionSlug
  stories: StoryTemplate[]
  paragraphs: string[]
  headings: string[]
  quotes: Quote[]
  lists: ListTemplate[]
  /** Body layouts that suit the section, repeated to weight them. */
  shapes: BodyShape[]
}

export const FIRST_NAMES = [
  'Amira', 'Ben', 'Chloe', 'Dev', 'Eleanor', 'Femi', 'Grace', 'Harry', 'Imogen', 'Jamal', 'Kate', 'Liam',
  'Maya', 'Nikhil', 'Olivia', 'Patrick', 'Rosie', 'Samir', 'Tamsin', 'Umar', 'Vanessa', 'Will', 'Yasmin', 'Zoe',
  'Alice', 'Callum', 'Deborah', 'Ewan', 'Farah', 'George', 'Hattie', 'Ibrahim', 'Joanna', 'Kwame', 'Lucy', 'Mateusz',
]

export const SURNAMES = [
  'Ahmed', 'Bennett', 'Chowdhury', 'Doherty', 'Evans', 'Fletcher', 'Gallagher', 'Hughes', 'Iqbal', 'Jenkins',
  'Kowalski', 'Lawson', 'Mensah', 'Nolan', 'Osei', 'Patel', 'Quinn', 'Rahman', 'Sutherland', 'Thompson',
  'Usman', 'Vaughan', 'Whitaker', 'Yeung', 'Adebayo', 'Brennan', 'Costa', 'Dunmore', 'Ellison', 'Forsyth',
]

/**
 * Values for `{slot}` placeholders. A trailing digit names a second, different value from the same
 * pool: `{borough2}` is never the same borough as `{borough}` in one article.
 */
export const SLOT_POOLS: Record<string, readonly string[]> = {
  borough: [
    'Hackney', 'Lambeth', 'Southwark', 'Tower Hamlets', 'Camden', 'Islington', 'Croydon', 'Lewisham', 'Haringey',
    'Newham', 'Barnet', 'Ealing', 'Brent', 'Greenwich', 'Wandsworth', 'Waltham Forest', 'Hounslow', 'Enfield',
    'Bromley', 'Redbridge',
  ],
  area: ['Peckham', 'Hackney Wick', 'Deptford', 'Walthamstow', 'Brixton', 'Tottenham', 'Bermondsey', 'Stoke Newington', 'Dalston', 'Clapton'],
  market: ['Borough Market', 'Broadway Market', 'Maltby Street', 'Brixton Village', 'Columbia Road', 'Spitalfields'],
  station: ['King’s Cross St Pancras', 'Liverpool Street', 'Waterloo', 'Stratford', 'Clapham Junction', 'London Bridge', 'Paddington', 'Euston', 'Victoria'],
  line: ['Bakerloo', 'Central', 'Circle', 'District', 'Jubilee', 'Metropolitan', 'Northern', 'Piccadilly', 'Victoria'],
  riverside: ['Putney', 'Wapping', 'Rotherhithe', 'Greenwich', 'Battersea', 'Hammersmith', 'Chiswick', 'Woolwich', 'Deptford'],
  hospital: ['St Thomas’', 'King’s College Hospital', 'the Royal London', 'University College Hospital', 'St George’s', 'the Whittington'],
  homes: ['350', '480', '720', '1,200', '2,100'],
  millions: ['12', '18', '23', '27', '34', '41'],
  days: ['two', 'three', 'four'],
  ordinal: ['third', 'fourth', 'fifth', 'sixth'],
  runners: ['56,000', '58,000', '60,000'],
  weekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  city: ['Paris', 'Berlin', 'Madrid', 'Lisbon', 'Rome', 'Athens', 'Copenhagen', 'Vienna', 'Warsaw', 'Dublin', 'Amsterdam', 'Prague'],
  country: ['Portugal', 'Ireland', 'Canada', 'New Zealand', 'the Netherlands', 'Norway', 'Denmark'],
  natocity: ['Vilnius', 'The Hague', 'Madrid', 'Oslo', 'Tallinn'],
  floodregion: ['northern Italy', 'eastern Spain', 'Bavaria', 'southern Poland', 'central Slovenia'],
  quakeregion: ['northern Japan', 'central Chile', 'western Turkey', 'the Greek island of Crete'],
  droughtcity: ['Barcelona', 'Montevideo', 'Cape Town', 'Mexico City', 'Bogotá'],
  magnitude: ['5.8', '6.1', '6.4', '6.7'],
  expats: ['8,500', '12,000', '30,000', '45,000'],
  company: [
    'Meridian Retail Group', 'Bankside Capital', 'Greenwich Robotics', 'Kestrel Airways', 'Portobello Foods',
    'Lantern Insurance', 'Silvertown Logistics', 'Hartley & Vane', 'Northbank Energy', 'Fenchurch Software',
  ],
  jobs: ['250', '400', '650', '1,100'],
  rate: ['4', '4.25', '4.5', '4.75'],
  inflation: ['2.3', '2.6', '2.9', '3.1'],
  pct: ['0.4', '0.8', '1.2', '1.6', '2.1'],
  direction: ['up', 'down'],
  fx: ['1.24', '1.27', '1.29', '1.31'],
  months: ['six', 'nine', 'twelve', 'eighteen'],
  club: ['Arsenal', 'Chelsea', 'Tottenham Hotspur', 'West Ham United', 'Crystal Palace', 'Fulham', 'Brentford'],
  rival: ['Manchester City', 'Liverpool', 'Newcastle United', 'Aston Villa', 'Everton', 'Brighton', 'Wolves', 'Nottingham Forest'],
  score: ['2-1', '3-1', '1-0', '2-0', '3-2', '4-1'],
  losses: ['four', 'five', 'six'],
  wslclub: ['Arsenal Women', 'Chelsea Women', 'Tottenham Hotspur Women', 'West Ham United Women'],
  games: ['ten', 'twelve', '15'],
  capacity: ['32,000', '34,000', '36,000'],
  schools: ['40', '65', '120'],
  play: ['The Lighthouse Keepers', 'A Small Hours Waltz', 'Brick Lane Blues', 'The Cartographer’s Daughter', 'Salt and Silver'],
  theatre: ['Gielgud Theatre', 'Noël Coward Theatre', 'Wyndham’s Theatre', 'Harold Pinter Theatre', 'Duke of York’s Theatre', 'Apollo Theatre'],
  show: ['Low Tide', 'The Borough', 'Marsh Lane', 'Quiet Hours', 'Last Orders'],
  band: ['The Hollow Pines', 'Margate Static', 'Velvet Estuary', 'Fenwick & the Tides', 'Night Bus Choir'],
  venue: ['Roundhouse', 'Jazz Cafe', 'Union Chapel', 'Hackney Church', 'Koko', 'Lexington'],
  artist: ['Juno Ade', 'Callum Frost', 'Ellie Maywood', 'Rhiannon Vale', 'Kofi Banner'],
  dish: [
    'a spring pea and mint risotto', 'slow-roast lamb with anchovy and rosemary', 'miso-glazed aubergine',
    'a proper Sunday crumble', 'smoked haddock chowder', 'a one-tray chicken and chickpea bake',
  ],
  breakcity: ['Lisbon', 'Porto', 'Copenhagen', 'Ljubljana', 'Valencia', 'Bologna', 'Kraków', 'Ghent', 'Seville', 'Tallinn', 'Antwerp', 'Bordeaux'],
  sleepercity: ['Edinburgh', 'Inverness', 'Fort William', 'Penzance', 'Aberdeen'],
  eurocity: ['Cologne', 'Geneva', 'Bordeaux', 'Frankfurt'],
  hours: ['two', 'three', 'four', 'five'],
}

/** Slots whose values are generated rather than listed. */
export const PERSON_SLOT = 'person'

const uk: SectionPool = {
  slug: 'uk',
  shapes: ['report', 'report', 'explainer', 'brief', 'longRead', 'guide'],
  stories: [
    {
      headline: 'Tube drivers on the {line} line to strike for {days} days in a row over rosters',
      excerpt: 'The RMT says talks with Transport for London have broken down, leaving commuters facing disruption from Monday. TfL has urged passengers to check before they travel.',
      detail: 'Union officials said the dispute centres on proposed changes to weekend rosters, which they claim would leave drivers working more unsocial hours for no extra pay. TfL said the changes were needed to run a reliable weekend service and that **its door remained open** to further talks.',
      theme: 'street', topic: 'news-politics', desk: 'news', hint: 'lead',
    },
    {
      headline: 'Thames Barrier closed as surge tide threatens riverside homes',
      excerpt: 'The Environment Agency raised the barrier overnight for the {ordinal} time this winter as a tidal surge combined with heavy rain. Flood warnings remain in place from {riverside} to {riverside2}.',
      detail: 'Engineers began closing the gates shortly after 2am, sealing the upper river from a tide forecast to run more than a metre above normal. The barrier, which opened in 1982, was designed to close two or three times a year; it now closes far more often, and the agency is already planning how London will be defended beyond 2070.',
      theme: 'river', topic: 'news-politics', desk: 'news', hint: 'breaking',
    },
    {
      headline: '{borough} council sets out £{millions}m of savings to balance its budget',
      excerpt: 'Libraries, street cleaning and youth services face cuts under proposals published on {weekday}. Councillors will vote on the plans next month after a six-week consultation.',
      detail: 'Finance officers say rising demand for adult social care and temporary accommodation accounts for almost all of the gap. The council has frozen recruitment and is selling two office buildings, but warns that *reserves alone cannot close the shortfall*.',
      theme: 'skyline', topic: 'news-politics', desk: 'news',
    },
    {
      headline: 'Ulez one year on: {borough} traders count the cost, and the cleaner air',
      excerpt: 'Air quality monitors show nitrogen dioxide levels down sharply on the borough’s busiest roads, but some small businesses say the charge has kept customers away.',
      detail: 'Readings from roadside monitors on the main shopping streets show pollution at its lowest level since records began. At the same time, a survey of local traders found that almost half believed footfall had fallen, although fewer than one in five could point to a drop in takings.',
      theme: 'street', topic: 'news-politics',
    },
    {
      headline: 'Met Police to trial neighbourhood patrols on {borough} high streets',
      excerpt: 'Officers will be assigned to named streets for at least two years under a pilot scheme designed to rebuild trust. Residents will be able to contact their local team directly.',
      detail: 'The scheme, which begins in the spring, will put a sergeant and six constables on each of four high streets. Senior officers say the aim is familiarity: people should know the names of the officers who patrol their area, and the officers should know the people.',
      theme: 'street', desk: 'news',
    },
    {
      headline: 'Plans for {homes} homes on former {borough} gasworks site approved',
      excerpt: 'A third of the new flats will be let at social rent, and the developer must build a primary school and a riverside park before the final phase is occupied.',
      detail: 'The decision ends a decade of argument over one of the largest empty sites in the borough. Councillors approved the scheme by seven votes to three after a four-hour meeting, with objectors raising concerns about the height of the tallest block and pressure on local GP surgeries.',
      theme: 'skyline', topic: 'news-politics', desk: 'news',
    },
    {
      headline: 'London Marathon: record {runners} runners expected as road closures announced',
      excerpt: 'Organisers say this year’s race will be the biggest yet, with roads closed from Greenwich to the Mall from early morning. Spectators are being asked to plan their journeys in advance.',
      detail: 'The route is unchanged, starting in Blackheath and finishing on the Mall, but organisers have added extra water stations along the Embankment after runners complained of long queues last year. More than a million people are expected to line the streets.',
      theme: 'street', topic: 'events', desk: 'news', hint: 'video',
    },
    {
      headline: 'Heatwave warning: Londoners urged to check on elderly neighbours as temperatures climb',
      excerpt: 'The Met Office has issued an amber warning for the capital, with temperatures forecast to pass 33C on {weekday}. Cool spaces are opening in libraries across the city.',
      detail: 'Health officials say the elderly, the very young and people with heart or lung conditions are most at risk, particularly in top-floor flats that trap heat overnight. Councils have published lists of public buildings that will stay open late as cool rooms.',
      theme: 'skyline', desk: 'news', hint: 'breaking',
    },
    {
      headline: 'Night Tube to return on the {line} line from next month',
      excerpt: 'Trains will run through the night on Fridays and Saturdays for the first time since the service was paused. TfL says demand for late-night travel has recovered strongly.',
      detail: 'The return follows an agreement with unions over staffing and a recruitment drive for night-shift drivers. Businesses in the night-time economy have lobbied for the change, arguing that staff were paying for expensive taxis or facing long night-bus journeys home.',
      theme: 'street', desk: 'news',
    },
    {
      headline: 'Junior doctors at {hospital} join walkout as pay talks stall',
      excerpt: 'Hospital leaders say planned operations will be postponed but emergency care will continue as normal. Patients who have not been contacted should attend appointments as usual.',
      detail: 'Doctors gathered on picket lines from 7am, many carrying homemade placards. The British Medical Association says real-terms pay has fallen sharply over fifteen years; ministers say the latest offer is **fair and final**.',
      theme: 'street', topic: 'news-politics', desk: 'news', hint: 'lead',
    },
    {
      headline: 'Notting Hill Carnival organisers unveil new route and safety plan',
      excerpt: 'The parade will follow a slightly shorter route this year, with more exits and additional first-aid points. Organisers expect more than a million visitors over the bank holiday weekend.',
      detail: 'The changes follow a review of crowd flows at last year’s event, which found pinch points near Ladbroke Grove and Westbourne Park. Steel bands, sound systems and costume groups have been consulted on the new plan, which keeps the parade’s traditional heart intact.',
      theme: 'street', topic: 'events', desk: 'news', hint: 'gallery',
    },
    {
      headline: 'Bakerloo line extension back on the table as mayor seeks funding',
      excerpt: 'City Hall has asked the government to share the cost of extending the line to Lewisham, arguing that it would unlock tens of thousands of new homes in south-east London.',
      detail: 'The extension has been discussed for more than a century and planned in detail for over a decade. Supporters say south-east London has been left behind by the Tube network; sceptics question whether the money could do more good elsewhere.',
      theme: 'skyline', topic: 'news-politics',
    },
  ],
  paragraphs: [
    'Residents in {borough} told *Resonance* that the news had come as little surprise. “People here have been talking about it for months,” said {person}, who has lived in the borough for more than twenty years.',
    'City Hall said it was monitoring the situation closely and would set out further details later in the week. A spokesperson added that Londoners could find the latest guidance on [the Greater London Authority’s website](https://www.london.gov.uk).',
    'The figures published on {weekday} suggest the pressures are not confined to one part of the capital. Outer boroughs such as {borough2} report similar trends, although the scale varies widely.',
    'Opposition members of the London Assembly called for an urgent review, arguing that decisions had been taken without enough scrutiny. The mayor’s office rejected the criticism and said the plans had been **widely consulted on**.',
    'For many Londoners, the practical effect will be felt in small ways first: a longer wait at the bus stop, shorter opening hours at the local library, a new sign on a familiar street corner.',
    'Campaigners in {borough} have organised a public meeting at the town hall next Thursday, and say they expect hundreds of people to attend.',
    'The government said it was in regular contact with local leaders and would consider any formal request for support. Details of existing funding are available on [GOV.UK](https://www.gov.uk).',
    'Researchers at the Capital Policy Unit, an independent group, said the episode showed how stretched the city’s public services had become after a decade of rising demand.',
    'Commuters at {station} on {weekday} morning were divided. Some shrugged; others said they were *running out of patience* with a city that seemed to lurch from one disruption to the next.',
    'Travel updates are published throughout the day on [the TfL website](https://tfl.gov.uk), and the Met Office has the latest forecast at [metoffice.gov.uk](https://www.metoffice.gov.uk).',
  ],
  headings: ['What happens next', 'How {borough} is affected', 'The view from City Hall', 'What residents say', 'The bigger picture', 'Key dates'],
  quotes: [
    { text: 'There are difficult choices ahead, and we want to make them in the open, with residents.', by: '{person}, a cabinet member at {borough} Council' },
    { text: 'This is about whether ordinary people can still afford to live and work in the city they grew up in.', by: '{person}, a community organiser in {borough}' },
    { text: 'We are listening, and we will set out a fuller response in the coming weeks.', by: 'a spokesperson for the mayor of London' },
    { text: 'The city has been here before, and it has always found a way through. It will again.', by: '{person}, who chairs the {borough} residents’ association' },
  ],
  lists: [
    { style: 'bullet', items: ['Check live updates before you travel', 'Allow extra time for journeys through {station}', 'Consider walking or cycling for short trips', 'Follow your borough council for local notices', 'Keep an eye on elderly neighbours'] },
    { style: 'number', items: ['Consultation opens on Monday', 'Public meeting at {borough} town hall on Thursday', 'Councillors vote at the end of the month', 'Changes take effect from April'] },
  ],
}

const world: SectionPool = {
  slug: 'world',
  shapes: ['report', 'report', 'explainer', 'brief', 'longRead'],
  stories: [
    {
      headline: 'EU leaders agree emergency energy package after all-night summit',
      excerpt: 'The deal caps wholesale gas prices for a year and sets up a joint fund for the hardest-hit countries. Ministers in London say they will study the details closely.',
      detail: 'The agreement came shortly before dawn after more than sixteen hours of talks in Brussels. Diplomats said the breakthrough followed a late compromise on how the fund would be financed, with richer member states agreeing to contribute more in the first two years.',
      theme: 'skyline', topic: 'news-politics', desk: 'news', hint: 'lead',
    },
    {
      headline: 'Earthquake of magnitude {magnitude} strikes off the coast of {quakeregion}',
      excerpt: 'Buildings shook for almost a minute and a tsunami warning was issued and later lifted. There were no immediate reports of serious casualties.',
      detail: 'The quake struck at a depth of about thirty kilometres, according to seismologists, and was followed by several smaller aftershocks. Rail services were suspended while engineers checked tracks and bridges, and schools in coastal areas were closed for the day.',
      theme: 'landscape', desk: 'news', hint: 'breaking',
    },
    {
      headline: '{country} goes to the polls in a closely fought general election',
      excerpt: 'Polls suggest no party will win an outright majority, setting up weeks of coalition talks. Turnout was reported to be high in the capital by mid-afternoon.',
      detail: 'The campaign has been dominated by housing costs and the price of energy, issues that will be familiar to British voters. The two main parties have spent the final week trading accusations over spending plans, while smaller parties hope to hold the balance of power.',
      theme: 'skyline', topic: 'news-politics', desk: 'news', hint: 'video',
    },
    {
      headline: 'UN climate talks end with a deal on adaptation finance after two-week marathon',
      excerpt: 'Wealthy nations have agreed to double the money available to help poorer countries adapt to extreme weather. Campaigners say the deal is welcome but still falls short.',
      detail: 'Negotiators worked through two nights to agree the final text, which sets a new target for adaptation funding by the end of the decade. A proposal to commit to phasing out fossil fuels was watered down after opposition from several oil-producing states.',
      theme: 'landscape', topic: 'news-politics',
    },
    {
      headline: '{city} and {city2} to be linked by a new night train from next spring',
      excerpt: 'The sleeper service will run three times a week and connect with onward trains to London. Rail operators say demand for overnight travel across Europe has never been higher.',
      detail: 'The route will use refurbished carriages with private cabins and a small dining car. Fares have not yet been announced, but the operator says it wants the service to compete on price with budget airlines as well as on comfort.',
      theme: 'landscape',
    },
    {
      headline: 'Drought forces {droughtcity} to ration water as reservoirs fall below a third',
      excerpt: 'Residents face limits on garden watering and car washing, and swimming pools may close. Officials have asked hotels to cut consumption by a fifth.',
      detail: 'It is the driest spell in the region for more than forty years. Engineers are bringing disused wells back into service, and the city has asked neighbouring authorities to share supplies, but officials warn that tougher measures may be needed if autumn rains fail again.',
      theme: 'landscape', desk: 'news',
    },
    {
      headline: 'Nato allies agree to raise defence spending target at {natocity} summit',
      excerpt: 'Member states have committed to a higher share of national income for defence by the end of the decade. Britain says it is already on track to meet the new goal.',
      detail: 'The communiqué was agreed after two days of talks, with several smaller members pressing for a longer timetable. Officials said the new target would include spending on cyber-security and on the resilience of energy and communications networks.',
      theme: 'skyline', topic: 'news-politics', desk: 'news',
    },
    {
      headline: 'Rescue teams reach villagers cut off by floods in {floodregion}',
      excerpt: 'Helicopters have airlifted hundreds of people to safety after rivers burst their banks following days of torrential rain. Several roads and bridges have been swept away.',
      detail: 'Soldiers and volunteers worked through the night to reinforce flood defences around the larger towns. Forecasters say the rain should ease by the weekend, but river levels are likely to remain dangerously high for several days.',
      theme: 'river', desk: 'news', hint: 'video',
    },
    {
      headline: 'Japan’s cherry blossom season arrives early for the third year running',
      excerpt: 'Trees in Tokyo reached full bloom more than a week ahead of the long-term average. Scientists say the shift is one of the clearest signs of a warming climate.',
      detail: 'Records of the blossom’s arrival in Kyoto go back more than a thousand years, making them one of the longest climate records in the world. Tourism officials say visitors are increasingly booking later in the season and missing the flowers altogether.',
      theme: 'landscape', hint: 'gallery',
    },
    {
      headline: 'Canada and the UK open talks on a new trade agreement',
      excerpt: 'Negotiators will focus on services, digital trade and the recognition of professional qualifications. Both governments say they hope to conclude a deal within two years.',
      detail: 'Trade between the two countries has grown steadily since the last agreement, with financial services and food and drink among the biggest sectors. Farmers’ groups on both sides of the Atlantic have already set out their red lines.',
      theme: 'skyline', topic: 'news-politics', desk: 'news',
    },
    {
      headline: 'Peace talks resume in Geneva as a regional ceasefire enters its second week',
      excerpt: 'Mediators say both delegations have agreed to discuss prisoner exchanges and humanitarian corridors. Aid convoys have begun reaching towns cut off for months.',
      detail: 'The talks are being held behind closed doors at a lakeside hotel, with mediators shuttling between the two delegations. Diplomats caution that the ceasefire remains fragile and that a single incident could derail progress.',
      theme: 'river', topic: 'news-politics',
    },
    {
      headline: 'Venice to double its day-tripper fee as the overtourism row grows',
      excerpt: 'Visitors who do not stay overnight will pay more to enter the historic centre on busy days. Residents’ groups say the charge does not go far enough.',
      detail: 'The fee was introduced as an experiment and has been extended after the city said it had reduced crowding on the busiest weekends. Critics argue that it treats the city like a theme park and does little to stem the loss of permanent residents.',
      theme: 'river', desk: 'news',
    },
  ],
  paragraphs: [
    'Officials in {city} said the situation was being closely monitored and that further updates would be issued through the day. Travel advice for British nationals is available from [the Foreign Office](https://www.gov.uk/foreign-travel-advice).',
    'Diplomats described the mood as tense but constructive. One senior European official, speaking on condition of anonymity, said there was “more common ground than the public statements suggest”.',
    'The development is likely to be watched closely in London, where ministers have been pressing allies for a more co-ordinated approach.',
    'Markets reacted cautiously. The euro edged higher against the dollar, while European shares closed broadly flat.',
    'Aid agencies warned that the most vulnerable would be hit first, and called for funding pledges to be honoured *in full and without delay*.',
    'Local newspapers gave over their front pages to the story, and it dominated the morning news programmes.',
    'The United Nations secretary-general urged all sides to show restraint and to keep channels of communication open.',
    'Analysts cautioned against reading too much into a single day’s events, noting that similar moments in the past had produced **more headlines than change**.',
    'For the roughly {expats} British citizens living in the region, the embassy has set up a dedicated helpline.',
    'The UN has published a summary of the agreement at [un.org](https://www.un.org), with the full text expected later this month.',
  ],
  headings: ['What we know so far', 'How the world reacted', 'Why it matters for Britain', 'The background', 'What to watch next'],
  quotes: [
    { text: 'This is not the end of the process. It is, at best, the end of the beginning.', by: '{person}, a senior fellow at the European Policy Forum' },
    { text: 'People here are exhausted, but they are not giving up.', by: '{person}, a teacher in {city}' },
    { text: 'We need decisions, not more communiqués.', by: 'a spokesperson for an international aid coalition' },
    { text: 'Every government in the region will be studying what happened this week.', by: '{person}, a professor of international relations in London' },
  ],
  lists: [
    { style: 'bullet', items: ['The announcement was made late on {weekday} evening', 'Talks are expected to resume within days', 'The UK government has welcomed the move', 'Travel advice for British nationals has been updated'] },
    { style: 'number', items: ['Talks began in the spring', 'A draft agreement leaked in the summer', 'Leaders met in the autumn to settle the final text', 'Ratification is expected next year'] },
  ],
}

const comment: SectionPool = {
  slug: 'comment',
  shapes: ['opinion', 'opinion', 'opinion', 'longRead'],
  stories: [
    {
      headline: 'The Elizabeth line proved London can still build big. So why did we stop?',
      excerpt: 'Crossrail was late and over budget, and now nobody can imagine the city without it. That should be the lesson, not the warning.',
      detail: 'Every great piece of infrastructure in this city was, at some point, a national embarrassment. The Jubilee line extension, the Overground, even the Victorian sewers: all were mocked before they were loved. The Elizabeth line is simply the latest to complete that journey.',
      theme: 'street', topic: 'news-politics', desk: 'opinion',
    },
    {
      headline: 'Our high streets are not dying, they are changing, and councils must keep up',
      excerpt: 'Empty shops make for gloomy photographs, but the story on the ground is more hopeful. Planning rules written for another century are the real obstacle.',
      detail: 'Walk down almost any high street in outer London and you will find the same thing: a bank turned into a climbing wall, a department store become a health centre, a row of cafés where there used to be a row of estate agents. That is not decline. It is reinvention.',
      theme: 'street', desk: 'opinion',
    },
    {
      headline: 'Four-day weeks work. Whitehall should stop pretending otherwise',
      excerpt: 'Trial after trial has found that productivity holds up and staff are happier. The civil service could lead rather than lag.',
      detail: 'The evidence is no longer thin. Firms across Britain have tried a shorter week and most have kept it, reporting fewer sick days, lower staff turnover and no loss of output. The question is no longer whether it can work, but where it works best.',
      theme: 'interior', topic: 'news-politics', desk: 'opinion',
    },
    {
      headline: 'If we want children to read, we have to keep the libraries open',
      excerpt: 'A library is the only place in most neighbourhoods where a child can sit, warm and unbothered, for free. Closing one saves very little.',
      detail: 'I learnt to love books in a single-storey library in south London with a leaking roof and a children’s corner the size of a bathroom. It has since closed. The building is now flats. The council saved the cost of two librarians.',
      theme: 'interior', desk: 'opinion',
    },
    {
      headline: 'London’s renters deserve better than a lottery for every flat',
      excerpt: 'Bidding wars, viewings with thirty strangers and six months’ rent up front: this is not a market that works for anyone but the lucky.',
      detail: 'A friend recently viewed a one-bedroom flat in {borough} alongside twenty-six other people. By the evening the agent had received eleven offers above the asking rent. She did not get it. She was, the agent told her, “a strong applicant”.',
      theme: 'skyline', topic: 'news-politics', desk: 'opinion',
    },
    {
      headline: 'The Premier League is awash with money. It should share more of it',
      excerpt: 'Grassroots pitches are closing while transfer fees break records. A fairer deal for the rest of the football pyramid is long overdue.',
      detail: 'There is a pitch near my flat where the goalposts have no nets and the changing rooms have been locked for three seasons. Every Sunday, dozens of children play there anyway. They are the future of the game, and the game is not paying for them.',
      theme: 'stadium', topic: 'sports', desk: 'opinion',
    },
    {
      headline: 'Stop calling it a cost-of-living crisis. It is a pay crisis',
      excerpt: 'Prices have risen everywhere. What makes Britain different is how little wages have grown over fifteen years.',
      detail: 'The phrase “cost of living” makes it sound like the weather: something that happens to us, that nobody chose. But the squeeze on British households has as much to do with what people earn as with what they pay.',
      theme: 'chart', desk: 'opinion',
    },
    {
      headline: 'I gave up my car, and the city should make it easier for everyone else',
      excerpt: 'Selling the car was the best financial decision I have made in years. It should not take a leap of faith.',
      detail: 'For years I told myself that I needed a car in London. I used it twice a week, paid for it every day and spent a small fortune parking it. When it finally failed its MOT, I did not replace it. I have not missed it once.',
      theme: 'street', desk: 'opinion',
    },
    {
      headline: 'Streaming killed the water-cooler moment. Live television is bringing it back',
      excerpt: 'Big Saturday-night shows are drawing audiences that would have seemed impossible five years ago. Watching together still matters.',
      detail: 'When {show} aired its final episode, my phone buzzed all evening. Not with spoilers, because everyone was watching at the same time, but with the simple pleasure of sharing something as it happened.',
      theme: 'stage', topic: 'film-television', desk: 'opinion',
    },
    {
      headline: 'The Thames is cleaner than it has been for a century. Let’s swim in it',
      excerpt: 'Paris has opened the Seine to swimmers. London, with its new super sewer, should be just as bold with its river.',
      detail: 'Seals have been spotted near Tower Bridge, eels are returning to the tidal river and the super sewer now catches most of the storm overflows that once poured into the Thames. The river has changed. Our attitude to it has not.',
      theme: 'river', desk: 'opinion',
    },
    {
      headline: 'A tourist tax is fair, and London should have one',
      excerpt: 'Visitors to Paris, Amsterdam and Barcelona pay a small nightly charge. London asks nothing, and its residents pick up the bill.',
      detail: 'Nobody cancels a city break because of a few pounds a night. That is the lesson of the dozens of European cities that already charge visitors, and whose tourism industries remain in rude health.',
      theme: 'skyline', topic: 'news-politics', desk: 'opinion',
    },
    {
      headline: 'Letters: the Bakerloo line, bus lanes and a defence of the humble pigeon',
      excerpt: 'Readers respond to last week’s columns on transport, town planning and the birds everyone loves to hate.',
      detail: 'Your columnist is right that the Bakerloo line extension is overdue, but wrong to suggest that south-east London has been forgotten. We have simply been *patient*, which is not the same thing.',
      theme: 'street', desk: 'opinion',
    },
  ],
  paragraphs: [
    'I have lived in London for most of my adult life, and I have rarely seen a question that divides people so neatly along the lines of age and postcode.',
    'The usual objection is cost. It is a fair point, but it is the wrong one: the question is not whether we can afford to act, but whether we can afford *not* to.',
    'Look at what happened in {city}. A decade ago the city faced exactly the same arguments. Today, nobody there would dream of going back.',
    'None of this means the critics are wrong about everything. They are right that the detail matters, and right that public money should be spent carefully.',
    'But there is a difference between caution and paralysis, and too often in this country we confuse the two.',
    'Politicians of every party like to talk about ambition. Here is a chance to show some, and it would cost far less than the next round of consultations.',
    'If you disagree, write to us. The best letters appear every Saturday, and you can send yours to [letters@resonance.example](mailto:letters@resonance.example).',
    'The truth is that Londoners are more pragmatic than they are given credit for. Show them something that works, and they will use it.',
    'So here is my modest proposal: **try it, measure it, and be honest about the results**.',
  ],
  headings: ['The case for change', 'What the critics get wrong', 'A better way', 'Where do we go from here?', 'The lesson from abroad'],
  quotes: [
    { text: 'A city that stops building is a city that has decided its best years are behind it.', by: '{person}, writing to Resonance' },
    { text: 'We are very good at diagnosing problems in this country. We are much worse at fixing them.', by: 'a former Whitehall adviser' },
    { text: 'The best time to act was ten years ago. The second-best time is now.', by: 'as the saying goes' },
    { text: 'Nobody I have spoken to wants things to stay as they are.', by: '{person}, a councillor in {borough}' },
  ],
  lists: [
    { style: 'number', items: ['Publish the data, all of it, every month', 'Give boroughs the powers to act quickly', 'Stop moving the goalposts every budget'] },
    { style: 'bullet', items: ['Fewer pilot schemes, more permanent ones', 'Budgets set for five years, not one', 'Decisions taken closer to the people they affect'] },
  ],
}

const lifeStyle: SectionPool = {
  slug: 'life-style',
  shapes: ['guide', 'guide', 'explainer', 'longRead', 'report'],
  stories: [
    {
      headline: 'The best new restaurants in {area} this season',
      excerpt: 'From a six-table Sardinian kitchen to a bakery that sells out by ten, these are the openings worth crossing town for.',
      detail: 'It has been a remarkable year for eating out in {area}. Rents on the side streets are still just about manageable, which means young chefs can take a risk on a short menu and a small room, and the neighbourhood has rewarded them with queues.',
      theme: 'interior', desk: 'features', hint: 'gallery',
    },
    {
      headline: 'How to keep your houseplants alive through a London winter',
      excerpt: 'Short days, dry central heating and draughty sash windows are a hostile mix. A few simple changes will see most plants through to spring.',
      detail: 'Most houseplants die of kindness rather than neglect. In winter, when growth slows almost to a stop, the urge to water every week does far more harm than the cold.',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'Sourdough, sea swimming and silence: the wellness trends worth your time',
      excerpt: 'We tried a season of the most talked-about habits. Some changed our lives; others were expensive ways to feel tired.',
      detail: 'Wellness has become an industry, and industries need new products. We set out to separate the habits that genuinely help from the ones that mainly help somebody sell a subscription.',
      theme: 'river', desk: 'features',
    },
    {
      headline: 'A beginner’s guide to London’s allotments, and how to get one',
      excerpt: 'Waiting lists can run to years, but there are ways to get growing sooner. Here is what to expect from your first season.',
      detail: 'There are more than thirty thousand allotment plots in London, and in some boroughs the wait for one is longer than a decade. Shared plots, community gardens and half-size beds can get you started much sooner.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Running clubs are the new nightclubs. We joined three to find out why',
      excerpt: 'Thousands of young Londoners now spend their Thursday evenings jogging along the canal in packs. The real draw, it turns out, is what happens afterwards.',
      detail: 'At 7pm on a Thursday, the towpath by Victoria Park fills with runners in bright jackets, chatting as they go. Most are in their twenties. Many say they came for the exercise and stayed for the friends.',
      theme: 'street', desk: 'features',
    },
    {
      headline: 'The rise of the repair café: meet the Londoners fixing everything from toasters to tweed',
      excerpt: 'Volunteers with screwdrivers and sewing machines are saving tonnes of household goods from landfill, one broken kettle at a time.',
      detail: 'On the first Saturday of every month, a church hall in {area} fills with broken things: lamps, radios, bicycles, a much-loved teddy bear missing an eye. Volunteers fix what they can, and teach the owners how to do it themselves next time.',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'What to cook this week: {dish}',
      excerpt: 'A simple, seasonal supper that makes the most of what is in the shops now, with enough left over for lunch.',
      detail: 'This is the kind of recipe that rewards a little patience rather than a lot of skill. Everything can be prepared in advance, and it tastes even better the next day.',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'Ask Hannah: my flatmate never cleans up. What do I do?',
      excerpt: 'Our agony aunt on rotas, resentment and the awkward conversation that most London sharers put off for far too long.',
      detail: 'Dear Hannah, I share a flat in {borough} with an old university friend. I love her, but the kitchen is always a mess and I am starting to dread coming home. How do I raise it without ruining the friendship?',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'Vintage fashion is booming. Here is where to shop in London',
      excerpt: 'Second-hand is now the first choice for a generation of shoppers. Our guide to the best markets, rails and hidden shops.',
      detail: 'Resale is the fastest-growing corner of the clothing market, and London has some of the best second-hand shopping in the world, from designer archives in Marylebone to bargain rails in {market}.',
      theme: 'street', topic: 'pop-culture', desk: 'features', hint: 'gallery',
    },
    {
      headline: 'Dog-friendly pubs with proper gardens, chosen by our readers',
      excerpt: 'Water bowls, biscuits behind the bar and space for muddy paws: the pubs that welcome four-legged regulars.',
      detail: 'We asked readers to nominate their favourite pubs for a pint with the dog, and received more than six hundred suggestions. These are the ones that came up again and again.',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'Why a good night’s sleep has become the ultimate status symbol',
      excerpt: 'Sleep trackers, blackout blinds and pillow menus: the well-rested are showing off. Experts say the basics still matter most.',
      detail: 'Not long ago, boasting about how little you slept was a way of showing how important you were. Now the opposite is true, and a whole industry has grown up to sell us the perfect night.',
      theme: 'interior', desk: 'features',
    },
    {
      headline: 'The colour of the year is here. How to use it without repainting your flat',
      excerpt: 'A cushion, a lampshade or a single painted door can bring this season’s shade into a rented home. Our designers explain how.',
      detail: 'You do not need to own your home, or pick up a roller, to bring a new colour into it. Textiles, ceramics and even a carefully chosen print can change the feel of a room in an afternoon.',
      theme: 'interior', topic: 'pop-culture', desk: 'features',
    },
  ],
  paragraphs: [
    'The good news is that you don’t need a big budget or a big garden to start. A sunny windowsill in {borough} will do.',
    'We asked readers for their tips, and the response was overwhelming: more than four hundred emails in a week. Here are the ones that came up again and again.',
    '*A word of warning*: the most popular places fill up quickly, particularly at weekends. Booking ahead, or arriving early, pays off.',
    'Prices vary widely, but most of the options below cost less than a meal out in the West End.',
    'There is a reason this has caught on. After years of working from kitchen tables, Londoners want places to gather that aren’t the office or the pub.',
    '{person}, who runs a small studio in {area}, says the trick is to start small. “Pick one thing and do it properly. The rest follows.”',
    'If you are short on time, the weekend stalls at {market} are a good place to begin.',
    'Our favourite discovery this season was a tiny neighbourhood spot in {area} with six tables, a short menu and a queue out of the door by seven.',
    'For more ideas, sign up to our weekly Life & Style newsletter at [resonance.example](https://resonance.example/newsletters).',
  ],
  headings: ['Where to start', 'What our readers recommend', 'The essentials', 'Our verdict', 'How to make it last'],
  quotes: [
    { text: 'People think it is about the food. It is really about the company.', by: '{person}, a chef in {area}' },
    { text: 'Start small, stay curious, and don’t buy anything you can borrow.', by: '{person}, author of a new guide to living well in the city' },
    { text: 'Our customers are younger than you would think, and they care about where things come from.', by: '{person}, who runs a shop in {area}' },
    { text: 'The best colour for a small room is the one that makes you happy when you wake up.', by: '{person}, an interior designer based in {borough}' },
  ],
  lists: [
    { style: 'bullet', items: ['A good pair of shoes', 'A reusable bottle', 'An Oyster card or contactless bank card', 'Patience at the weekend'] },
    { style: 'number', items: ['Choose a spot with plenty of natural light', 'Water little and often rather than all at once', 'Feed once a month from spring to autumn', 'Repot only when the roots fill the pot'] },
  ],
}

const business: SectionPool = {
  slug: 'business',
  shapes: ['report', 'report', 'explainer', 'brief', 'guide'],
  stories: [
    {
      headline: 'FTSE 100 closes at a record high as miners and banks rally',
      excerpt: 'London’s blue-chip index rose {pct}% on the day, lifted by hopes of lower interest rates and a rebound in commodity prices.',
      detail: 'Mining companies led the gains after metal prices jumped on stronger demand from China, while banks rose on expectations that the economy will avoid a downturn. Traders said volumes were higher than usual for the time of year.',
      theme: 'chart', desk: 'news', hint: 'video',
    },
    {
      headline: 'Bank of England holds interest rates at {rate}% but signals a cut is near',
      excerpt: 'The Monetary Policy Committee voted to keep borrowing costs unchanged, but the governor said the case for lower rates was building.',
      detail: 'Markets had expected the decision, but the minutes revealed a closer vote than many economists predicted, with a growing minority of the committee arguing that inflation was now under control.',
      theme: 'chart', topic: 'news-politics', desk: 'news', hint: 'lead',
    },
    {
      headline: '{company} to create {jobs} jobs with a new headquarters in {borough}',
      excerpt: 'The company says the move will bring staff together from three sites and include a training centre for local school leavers.',
      detail: 'The new building, on a former industrial site close to the station, is due to open in two years. The company says about a third of the roles will be new, with the rest transferring from offices in the City and outside London.',
      theme: 'skyline', desk: 'news',
    },
    {
      headline: 'Inflation falls to {inflation}% as food prices ease',
      excerpt: 'The rate of price rises slowed for the third month in a row, giving households some relief and raising hopes of lower interest rates.',
      detail: 'The Office for National Statistics said the biggest downward pressure came from food, particularly bread, cereals and dairy, while petrol prices also fell. Services inflation, which the Bank of England watches closely, remained stubborn.',
      theme: 'chart', topic: 'news-politics', desk: 'news',
    },
    {
      headline: 'London house prices fall for the {ordinal} month running',
      excerpt: 'Prices in the capital are now lower than a year ago, although the picture varies sharply from borough to borough.',
      detail: 'The average London home now costs a little over half a million pounds. Prices have fallen fastest for flats in central boroughs, while family houses in outer London have held their value better.',
      theme: 'skyline',
    },
    {
      headline: 'Meet the start-ups turning {borough}’s railway arches into workshops',
      excerpt: 'Brewers, bike builders and a furniture maker have moved into the arches under the viaduct. Rents are rising, but so is the footfall.',
      detail: 'The arches were once home to car repair shops and storage units. Now they house a coffee roaster, a climbing gym and a small factory making electric cargo bikes, and the street beside them has become a destination in its own right.',
      theme: 'street', desk: 'features',
    },
    {
      headline: 'How to make the most of your Isa allowance before April',
      excerpt: 'Savers have until the end of the tax year to use this year’s allowance. Here is how to choose between cash, shares and the rest.',
      detail: 'Every adult in the UK can put up to £20,000 a year into Isas, and any interest or investment growth is free of tax. Unused allowance cannot be carried forward, which is why the final weeks of the tax year are so busy.',
      theme: 'chart',
    },
    {
      headline: 'Canary Wharf landlords bet on laboratories and homes as offices empty',
      excerpt: 'Big banks are shrinking their footprint in Docklands. The estate’s owners say its future is more mixed and more local.',
      detail: 'The change is visible from the water: one tower now houses life-sciences laboratories, another is being converted to flats, and a former trading floor has become a food hall. Not everyone is convinced the new mix will fill the space.',
      theme: 'skyline', desk: 'features',
    },
    {
      headline: 'Money podcast: should you overpay your mortgage?',
      excerpt: 'This week our personal finance team weighs up overpaying against saving and investing, and answers listeners’ questions.',
      detail: 'With savings rates falling and many homeowners coming off cheap fixed deals, overpaying the mortgage has become one of the most common questions in our inbox. The answer, as so often, depends on your circumstances.',
      theme: 'interior', desk: 'podcasts',
    },
    {
      headline: '{company} shares jump after a takeover approach',
      excerpt: 'The company confirmed it had received a preliminary offer and said talks were at an early stage. There is no certainty a firm bid will be made.',
      detail: 'Shares rose by almost a third in early trading after the approach was reported overnight. Analysts said the company had looked undervalued for some time, and that other bidders could emerge.',
      theme: 'chart', desk: 'news',
    },
    {
      headline: 'Pound hits {months}-month high against the dollar',
      excerpt: 'Sterling strengthened after better-than-expected growth figures, which should make holidays abroad slightly cheaper this summer.',
      detail: 'The pound rose above ${fx} for the first time in months as traders bet that interest rates in the UK would stay higher for longer than in the United States.',
      theme: 'chart',
    },
    {
      headline: 'Retailers report their strongest Christmas trading in five years',
      excerpt: 'Shoppers returned to the high street in the final fortnight before Christmas, with food and clothing the standout categories.',
      detail: 'Footfall in central London was boosted by late-night opening and a busy programme of festive events, while the big supermarkets reported record sales in the final week.',
      theme: 'street', desk: 'news',
    },
  ],
  paragraphs: [
    'The FTSE 250, which is more closely tied to the domestic economy, was {direction} {pct}% by the close.',
    'Sterling traded at ${fx} against the dollar in late London trading.',
    'Economists said the figures would give the Bank of England’s Monetary Policy Committee more confidence that price pressures were easing, although wage growth remains strong.',
    '{company} said it expected to hire most of the new staff locally and would work with colleges in {borough} to train apprentices.',
    'Small businesses remain under pressure. A survey by a London business group found that one in four firms expected to raise prices in the next three months.',
    'Investors will look for further clues when the next inflation figures are published by the Office for National Statistics. The data is available at [ons.gov.uk](https://www.ons.gov.uk).',
    'For savers, the picture is *more mixed*. Easy-access rates have drifted lower, but fixed-term deals of one or two years still pay more than inflation.',
    'One City fund manager said the market was “pricing in a lot of good news” and warned that the rally could prove **short-lived**.',
    'The Treasury said the figures showed the economy was “turning a corner”, a claim the opposition dismissed as premature.',
    'Interest rate decisions and the minutes of each meeting are published on [the Bank of England website](https://www.bankofengland.co.uk).',
  ],
  headings: ['What the markets did', 'What it means for your money', 'The view from the City', 'Winners and losers', 'What to watch'],
  quotes: [
    { text: 'The direction of travel is clear, even if the pace is not.', by: '{person}, chief economist at {company}' },
    { text: 'We are investing because we believe in London’s long-term future.', by: '{person}, chief executive of {company}' },
    { text: 'Households should not expect relief overnight. This will take time to feed through.', by: '{person}, a personal finance expert' },
    { text: 'The City has had a difficult few years, but there is real momentum now.', by: '{person}, a partner at a Mayfair investment firm' },
  ],
  lists: [
    { style: 'bullet', items: ['The FTSE 100 closed {direction} {pct}%', 'Sterling traded at ${fx}', 'Gilt yields were little changed', 'Oil prices edged lower'] },
    { style: 'number', items: ['Check what you already have and what it earns', 'Compare fixed and easy-access rates', 'Use your tax-free allowances first', 'Speak to a regulated adviser if you are unsure'] },
  ],
}

const sport: SectionPool = {
  slug: 'sport',
  shapes: ['report', 'report', 'brief', 'explainer', 'longRead'],
  stories: [
    {
      headline: '{club} beat {rival} {score} to go top of the Premier League',
      excerpt: 'A late winner sent the home crowd into raptures and lifted the club to the summit for the first time this season.',
      detail: 'The visitors had dominated possession for long spells, but the home side defended with discipline and struck on the break. The winning goal, a low shot into the far corner, came with four minutes of normal time remaining.',
      theme: 'stadium', topic: 'sports', desk: 'news', hint: 'video',
    },
    {
      headline: 'Premier League fixtures: the London derbies to circle this season',
      excerpt: 'Seven London clubs in the top flight means more capital clashes than ever. Here are the dates that matter.',
      detail: 'London has rarely had so many clubs in the Premier League at once, and the fixture computer has been generous: there is a London derby on almost every weekend from October to the end of the season.',
      theme: 'stadium', topic: 'sports',
    },
    {
      headline: '{club} part company with their manager after a run of {losses} defeats',
      excerpt: 'The club said the decision had been taken with great reluctance. The assistant will take charge for the weekend’s match.',
      detail: 'The board met on Sunday evening after another defeat left the team in the bottom half of the table. Supporters had called for change during the match, although many paid tribute to the manager’s work in previous seasons.',
      theme: 'stadium', topic: 'sports', desk: 'news', hint: 'video',
    },
    {
      headline: 'England name an uncapped seamer in the squad for the summer Test series',
      excerpt: 'The 23-year-old has taken more wickets than anyone else in the County Championship this season. Selectors say he has earned his chance.',
      detail: 'The young bowler has been a revelation for his county, combining genuine pace with an ability to move the ball both ways. Selectors have also recalled an experienced batter after a prolific start to the season.',
      theme: 'stadium', topic: 'sports',
    },
    {
      headline: 'Wimbledon: British number one through to the quarter-finals',
      excerpt: 'A straight-sets win on Centre Court sets up a meeting with the defending champion. The crowd stayed long after the final point.',
      detail: 'It was a performance of remarkable composure from a player who, a year ago, was ranked outside the top hundred. The serve was strong throughout and the backhand, so often a weakness, held firm under pressure.',
      theme: 'stadium', topic: 'events', desk: 'news', hint: 'video',
    },
    {
      headline: 'The Boat Race: Cambridge and Oxford name their crews for Sunday',
      excerpt: 'Both clubs have named experienced crews for the race from Putney to Mortlake. Organisers expect a quarter of a million spectators along the Thames.',
      detail: 'Conditions on the Tideway will be crucial. A strong westerly wind against the tide could make the water around Hammersmith Bridge rough, favouring the heavier crew.',
      theme: 'river', topic: 'events', hint: 'video',
    },
    {
      headline: 'London Lions clinch the British Basketball League title',
      excerpt: 'The Stratford-based side sealed the championship with two games to spare after a dominant win at the Copper Box Arena.',
      detail: 'The Lions have been the outstanding team in British basketball this season, losing only three league games. Attendances have grown sharply, and the club says it hopes to play some fixtures at a larger venue next year.',
      theme: 'stadium', topic: 'sports',
    },
    {
      headline: 'Women’s Super League: {wslclub} extend their unbeaten run to {games} games',
      excerpt: 'A composed victory keeps the pressure on the leaders going into the final third of the season.',
      detail: 'The crowd of more than twenty thousand was the largest of the season so far at the ground, a sign of how far the women’s game has come in London. The opening goal, a header from a corner, came after just six minutes.',
      theme: 'stadium', topic: 'sports', desk: 'news', hint: 'video',
    },
    {
      headline: 'Crystal Palace unveil plans to expand Selhurst Park to {capacity} seats',
      excerpt: 'The redeveloped main stand will include a new club museum and a glass-fronted concourse overlooking south London.',
      detail: 'The club has played at Selhurst Park since 1924, and the main stand is one of the oldest in the Premier League. Planning permission was granted last year, and work is due to begin at the end of the season.',
      theme: 'stadium', topic: 'sports',
    },
    {
      headline: 'Thousands take to car-free streets as RideLondon returns',
      excerpt: 'Families, commuters and club cyclists rode a closed-road route through central London, with longer courses heading out into Essex.',
      detail: 'The free family ride drew riders of every age, from toddlers in bike seats to a ninety-year-old on a tandem. Organisers said the turnout was the highest since the event moved to its new route.',
      theme: 'street', topic: 'events',
    },
    {
      headline: 'Sport podcast: Fulham’s quiet revolution, and the week’s other talking points',
      excerpt: 'Our football writers discuss the recruitment strategy behind Fulham’s rise, plus the weekend’s results and your questions.',
      detail: 'Fulham have become one of the best-run clubs in the Premier League without spending heavily. This week we look at how they did it, and whether it can last.',
      theme: 'stadium', topic: 'sports', desk: 'podcasts',
    },
    {
      headline: 'Darts at Ally Pally: the sport’s loudest fortnight, explained',
      excerpt: 'Fancy dress, walk-on music and ninety thousand fans over the festive period. Why the World Championship has become a London institution.',
      detail: 'Alexandra Palace has hosted the world championship since 2008, and the event has grown into one of the hottest tickets of the festive season. Most fans come in groups, many in costume, and the singing rarely stops.',
      theme: 'stage', topic: 'events',
    },
  ],
  paragraphs: [
    'It was a performance full of energy and intent, and the travelling supporters made themselves heard from start to finish.',
    'The coaching staff will be pleased with the response after a difficult week, although there are still questions about the depth of the squad.',
    'Tickets for the next home fixture are expected to sell out within hours when they go on general sale on {weekday}.',
    'Injuries remain a worry. Two first-team regulars missed training this week and are *doubtful* for the weekend.',
    'Attendances across London sport are at record levels, with clubs reporting long waiting lists for season tickets.',
    'Full fixtures, results and tables are available on [BBC Sport](https://www.bbc.co.uk/sport).',
    'The result leaves them **firmly in contention**, with a busy run of fixtures still to come.',
    'Former players were quick to praise the team’s resilience, with several pointing to a new-found calm under pressure.',
    'Off the field, the club’s community programme has now reached more than {schools} schools across {borough}.',
  ],
  headings: ['Talking points', 'Player ratings', 'What the coach said', 'Looking ahead', 'The numbers'],
  quotes: [
    { text: 'We knew it would be tough, and the players gave absolutely everything.', by: 'the head coach, speaking afterwards' },
    { text: 'The supporters were incredible today. That was for them.', by: '{person}, the captain' },
    { text: 'We have to stay humble. Nothing has been won yet.', by: '{person}, speaking after the match' },
    { text: 'I have waited my whole career for a day like this.', by: '{person}' },
  ],
  lists: [
    { style: 'bullet', items: ['A first start for the academy graduate', 'A tactical switch at half-time paid off', 'Discipline remains a concern', 'The crowd was the loudest of the season'] },
    { style: 'number', items: ['Home to {rival} next Saturday', 'A cup tie away from home in midweek', 'The derby at the end of the month'] },
  ],
}

const culture: SectionPool = {
  slug: 'culture',
  shapes: ['longRead', 'report', 'report', 'explainer', 'brief'],
  stories: [
    {
      headline: 'West End premiere: {play} opens to a standing ovation at the {theatre}',
      excerpt: 'A debut play about three generations of a Bermondsey family has become the hottest ticket in town. The run has already been extended.',
      detail: 'The first-night audience rose to its feet before the lights had fully come up. It is a remarkable start for a writer whose previous work had been staged only in a pub theatre in {area}.',
      theme: 'stage', topic: 'events', hint: 'video',
    },
    {
      headline: 'BBC confirms a second series of hit crime drama {show}',
      excerpt: 'The London-set thriller became the channel’s most-watched new drama of the year. Filming begins in the spring.',
      detail: 'Set around a police station in {borough}, the first series drew praise for its sense of place and its refusal to tie up every loose end. The writer has promised that the second series will go “further east and further down”.',
      theme: 'stage', topic: 'film-television',
    },
    {
      headline: 'The best films to see in London cinemas this month',
      excerpt: 'A Scandinavian family saga, a restored classic and a documentary about the Thames lead our pick of the new releases.',
      detail: 'It is a strong month for cinema in the capital, with independent venues in particular offering a rich programme of new releases, restorations and festival favourites.',
      theme: 'stage', topic: 'film-television',
    },
    {
      headline: '{band} announce an intimate gig at the {venue}',
      excerpt: 'Tickets for the one-off show will be allocated by ballot to fans who pre-order the new album. The band say it is a thank-you to London.',
      detail: 'The band played their first gigs in small rooms across north London before their debut album went to number one. They say the new show is a chance to return to where it started.',
      theme: 'stage', topic: 'pop-culture', desk: 'music',
    },
    {
      headline: 'Proms season opens with a night of British premieres',
      excerpt: 'The first night at the Royal Albert Hall featured three new works and a packed arena of promenaders.',
      detail: 'The opening concert set the tone for a season that features more new music than any in recent memory. Promenaders queued from early afternoon for the standing places that still cost less than a cinema ticket.',
      theme: 'stage', topic: 'events', desk: 'music',
    },
    {
      headline: 'Review: {artist}’s new album is a late-night love letter to south London',
      excerpt: 'Warm, restless and full of night-bus detail, this is the record the singer has been threatening to make for years.',
      detail: 'There is a moment halfway through the opening track when the drums drop out and all you can hear is rain on a bus shelter. It sets the mood for an album that is as much about place as it is about love.',
      theme: 'stage', topic: 'pop-culture', desk: 'music',
    },
    {
      headline: 'Tate Modern’s new Turbine Hall commission fills the space with sound',
      excerpt: 'Visitors walk through a forest of speakers playing recordings gathered from every London borough. It is strange, moving and free.',
      detail: 'The artist spent a year recording the sounds of the city, from market traders in {area} to the dawn chorus in Richmond Park. The result is a vast, shifting soundscape that changes as you move through the hall.',
      theme: 'interior', topic: 'events',
    },
    {
      headline: 'Reality television’s biggest night: the winners, the tears and the group chats',
      excerpt: 'The final drew the biggest audience of the year, and the result divided the nation. Here is everything that happened.',
      detail: 'It was a finale with everything the format’s fans could have hoped for: a surprise winner, a tearful host and a live twist that nobody saw coming. Social media was, predictably, in uproar within minutes.',
      theme: 'stage', topic: 'pop-culture',
    },
    {
      headline: 'London Film Festival line-up revealed: the titles to book now',
      excerpt: 'The programme features more than two hundred films, with a gala screening every night in Leicester Square.',
      detail: 'Festival organisers say this year’s selection is the most international yet, with films from more than seventy countries. Public booking opens next week, and the most popular screenings usually sell out within hours.',
      theme: 'stage', topic: 'film-television', hint: 'video',
    },
    {
      headline: 'British Museum to return loaned artefacts after a decades-long campaign',
      excerpt: 'The objects will go back on long-term loan under an agreement that campaigners describe as historic.',
      detail: 'The agreement follows years of negotiation. Under the deal, the museum will retain legal ownership while the objects are displayed in a new museum built to house them, with curators from both institutions working together.',
      theme: 'interior', desk: 'news',
    },
    {
      headline: 'Why the Southbank Centre’s late-night jazz programme sells out every week',
      excerpt: 'Tickets cost less than a round of drinks and the music starts after ten. We spent a month of Fridays there.',
      detail: 'By half past ten on a Friday the foyer is full: students, couples on a first date, a few regulars who have been coming for years. The music is young, loud and, above all, affordable.',
      theme: 'stage', topic: 'events', desk: 'music',
    },
    {
      headline: 'Booker Prize shortlist: six novels, three debuts and a London love story',
      excerpt: 'The judges have chosen a shortlist that is unusually international and unusually funny. We read all six.',
      detail: 'It is rare for a shortlist to contain three first novels, rarer still for one of them to be a romantic comedy. The judges say they were looking for books that “felt alive”, and they have found them.',
      theme: 'interior', topic: 'pop-culture',
    },
  ],
  paragraphs: [
    'The production runs until the end of the season, with a limited number of £15 tickets released every Monday for under-25s.',
    'Critics have been broadly enthusiastic, singling out the lighting and the sound design for particular praise.',
    'It is the kind of night that reminds you why London remains one of the great cultural capitals of the world.',
    'Tickets are available from the box office and online; the venue says more dates may be added if demand continues.',
    '*Be warned*: the second half is long, and the seats in the upper circle are tight. Bring a cushion and some patience.',
    'The artist grew up in {borough}, and the city runs through the work like a river, sometimes loud, sometimes barely audible.',
    'Streaming figures suggest that audiences are finding the work long after the first night, a pattern that has surprised the industry.',
    'Full details are in [our culture listings](https://resonance.example/culture/listings), and a touring programme is expected next year.',
    'This is, **without question**, one of the most talked-about openings of the year.',
  ],
  headings: ['The verdict', 'Behind the scenes', 'What to book', 'Five things we learnt', 'The story so far'],
  quotes: [
    { text: 'I wanted to make something that felt like London at two in the morning.', by: '{person}, the director' },
    { text: 'Audiences here are generous, but they are also honest. You know immediately if something is not working.', by: '{person}, artistic director' },
    { text: 'It has been a long road, and I am grateful to everyone who came along for it.', by: '{person}, speaking on the red carpet' },
    { text: 'The theatre is full of people who have never been before. That is the best review we could have.', by: 'a spokesperson for the venue' },
  ],
  lists: [
    { style: 'bullet', items: ['The opening scene, played in near darkness', 'A show-stopping number just before the interval', 'The final five minutes, which are better left unspoiled'] },
    { style: 'number', items: ['An intimate two-hander at the Donmar Warehouse', 'A restored classic at BFI Southbank', 'A late-night jazz session in Soho', 'A family show at the Unicorn Theatre'] },
  ],
}

const travel: SectionPool = {
  slug: 'travel',
  shapes: ['guide', 'guide', 'longRead', 'explainer', 'picture'],
  stories: [
    {
      headline: 'City breaks: {breakcity} in 48 hours',
      excerpt: 'Where to eat, what to see and where to stay on a long weekend, plus how to get there without flying.',
      detail: 'There are few better places for a short break than {breakcity}. It is compact enough to explore on foot, cheap enough to eat well every night and just far enough from London to feel like a proper escape.',
      theme: 'skyline', desk: 'features', hint: 'gallery',
    },
    {
      headline: 'The best seaside towns within two hours of London by train',
      excerpt: 'From Margate’s galleries to Hastings’ fishing beach, these are the coastal escapes you can reach before lunch.',
      detail: 'The English seaside is having a moment. Towns that were written off a generation ago now have excellent restaurants, independent shops and, in several cases, some of the best contemporary art in the country.',
      theme: 'landscape', desk: 'features', hint: 'gallery',
    },
    {
      headline: 'By sleeper train to {sleepercity}: slow travel done properly',
      excerpt: 'Board at Euston or Paddington after dinner, wake up to mountains or the sea. Our writer makes the case for the overnight train.',
      detail: 'There is something magical about falling asleep in London and waking somewhere entirely different. The cabins are snug, the bar car is convivial and the breakfast, served as the scenery rolls past, is unforgettable.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Walking the Thames Path from source to sea',
      excerpt: 'One hundred and eighty-four miles, two weeks and a great many pubs. What we learnt following the river from the Cotswolds to the Thames Barrier.',
      detail: 'The Thames begins as a trickle in a Gloucestershire field, so modest that in summer there is often no water at all. Two weeks later, you reach the Thames Barrier and a river almost half a mile wide.',
      theme: 'river', desk: 'features',
    },
    {
      headline: 'Half-term ideas: family days out that don’t cost the earth',
      excerpt: 'Free museums, woodland walks and a city farm or two: how to keep the children busy without breaking the bank.',
      detail: 'Half-term can be expensive, but London is full of things to do for free, and a short train ride takes you to some of the best countryside in the south of England.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Eurostar to add a direct route to {eurocity}',
      excerpt: 'Passengers will be able to travel from St Pancras without changing trains for the first time. Services are due to start next year.',
      detail: 'The announcement follows a long campaign by rail enthusiasts and business groups. Journey times will be competitive with flying once check-in and airport transfers are taken into account.',
      theme: 'street', desk: 'news',
    },
    {
      headline: 'The Lake District in winter: quieter fells and cosier pubs',
      excerpt: 'The crowds disappear after October, leaving empty footpaths, crisp mornings and a fire in every inn.',
      detail: 'There is a particular pleasure in walking the fells in winter, when the paths are empty, the tarns are still and the light is low and golden by three in the afternoon.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Island hopping in the Hebrides without a car',
      excerpt: 'Ferries, buses and bicycles will get you from Oban to the Outer Hebrides. It takes longer, and it is much more fun.',
      detail: 'We travelled by train to Oban, then by ferry and bicycle through five islands in ten days. We never needed a car, and we met far more people than we would have done behind a windscreen.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Ten London walks that most Londoners have never done',
      excerpt: 'Hidden rivers, old railway lines and forgotten cemeteries: a different way to see the city you think you know.',
      detail: 'London is a city best understood on foot. These walks follow old rivers, disused railways and ancient boundaries, and most of them start and end at a station.',
      theme: 'river', desk: 'features',
    },
    {
      headline: 'Ski season: how to get to the Alps by train',
      excerpt: 'Leave St Pancras in the morning and be on the slopes the next day. Our guide to routes, fares and luggage.',
      detail: 'More skiers are choosing the train each season, and it is easy to see why: no baggage limits, no airport queues and a journey that feels like part of the holiday.',
      theme: 'landscape', desk: 'features',
    },
    {
      headline: 'Travel podcast: in praise of the rainy holiday',
      excerpt: 'This week we celebrate bad weather, good books and the joy of a steamed-up café window in a seaside town.',
      detail: 'Nobody plans a holiday hoping for rain. But some of our most memorable trips were the ones where the weather forced us to slow down, look around and change our plans.',
      theme: 'landscape', desk: 'podcasts',
    },
    {
      headline: 'Heathrow and Gatwick brace for their busiest summer on record',
      excerpt: 'Both airports expect record passenger numbers over the school holidays. Travellers are advised to arrive early and check in online.',
      detail: 'Airport bosses say they have recruited hundreds of extra security staff and installed new scanners that allow liquids to stay in bags. The busiest days are expected at the start of the school holidays.',
      theme: 'street', desk: 'news', hint: 'video',
    },
  ],
  paragraphs: [
    'The journey from St Pancras takes a little over {hours} hours, and the views improve with every mile.',
    'Where to stay: we liked a small family-run guesthouse near the old town, where rooms start at around £90 a night including breakfast.',
    'Go in spring or early autumn if you can. The weather is kinder, the crowds are thinner and prices fall noticeably.',
    'Eat where the locals eat. The best meal of our trip was at a café with no sign and a handwritten menu.',
    '*Getting around*: most of the sights are walkable, and a day pass for local public transport costs less than a single Tube fare.',
    'Travel insurance is essential, and it is worth checking the latest [Foreign Office advice](https://www.gov.uk/foreign-travel-advice) before you book.',
    'Pack layers. Even in high summer, evenings by the water can be **surprisingly cool**.',
    'For a quieter alternative, head thirty minutes out of town, where the coastline is just as beautiful and the cafés half the price.',
    'Our writer travelled as a guest of the regional tourist board, which had no say over the content of this article.',
    'Train times and fares for the whole of Britain are on [National Rail](https://www.nationalrail.co.uk).',
  ],
  headings: ['Getting there', 'Where to stay', 'Where to eat', 'What to do', 'Need to know'],
  quotes: [
    { text: 'People come for a weekend and end up staying a week.', by: '{person}, who runs a guesthouse in the old town' },
    { text: 'Slow travel is not about speed. It is about noticing things.', by: '{person}, a travel writer' },
    { text: 'The best views are always at the end of the longest walk.', by: 'a local guide' },
    { text: 'We are seeing more British visitors arriving by train than ever before.', by: 'a spokesperson for the regional tourist board' },
  ],
  lists: [
    { style: 'bullet', items: ['Book train tickets early for the best fares', 'Many museums close on Mondays', 'Cards are accepted almost everywhere', 'A reusable water bottle will save you money'] },
    { style: 'number', items: ['Breakfast at a harbour café', 'A morning walk along the old walls', 'Lunch at the covered market', 'An afternoon in the museum quarter', 'Sunset drinks by the water'] },
  ],
}

export const SECTION_POOLS: readonly SectionPool[] = [uk, world, comment, lifeStyle, business, sport, culture, travel]

/** Paragraphs that fit any article. */
export const GENERIC_PARAGRAPHS: readonly string[] = [
  'Additional reporting by {person}.',
  'A version of this article appeared in our weekend print edition.',
  'Related coverage is collected on [our topic pages](https://resonance.example/topics), updated throughout the day.',
]

/** Paragraphs that only make sense under a news story, not a recipe or a column. */
export const NEWS_PARAGRAPHS: readonly string[] = [
  '*Resonance* has contacted the organisations involved for comment and will update this article with any response.',
  'This story is developing. Follow our live coverage for the latest updates throughout the day.',
]

/** The closing line that invites tips; the only place the body links to email and phone. */
export const CONTACT_PARAGRAPH =
  'Have you been affected, or do you have a story to share? Email our newsdesk at [newsdesk@resonance.example](mailto:newsdesk@resonance.example) or call [020 7946 0321](tel:+442079460321).'

/** Captions for inline body images, by theme. */
export const IMAGE_CAPTIONS: Record<ImageTheme, readonly string[]> = {
  skyline: ['The City skyline from Waterloo Bridge', 'Towers and cranes east of the City', 'Evening light over the rooftops'],
  river: ['The Thames at high tide', 'Looking downstream towards the estuary', 'A quiet stretch of the river at first light'],
  street: ['A bus route through the centre of town', 'The high street on a weekday morning', 'Street lamps coming on after dark'],
  stadium: ['The ground on match day', 'Floodlights before kick-off', 'The stands filling up before the game'],
  stage: ['The first-night audience', 'Rehearsals in the week before opening', 'Lights up on the main stage'],
  chart: ['Trading screens in the City', 'The index over the past month', 'Markets reacted quickly to the news'],
  landscape: ['The view from the top of the ridge', 'A quiet corner of the coast', 'Morning mist over the hills'],
  interior: ['Inside, the light is soft and warm', 'A corner of the dining room', 'A table laid for lunch'],
}
