/**
 * The demo blog's words: categories, tags, members, a set of hand-written posts, per-category
 * pools of hand-written paragraphs that longer corpora are composed from, and reader comments.
 * Pure data and functions, no I/O; `seed.server.ts` turns it into rows. Everything random here
 * goes through `Random`, a seeded generator, so a seed always yields the same blog.
 */

/** A seeded pseudo-random source (mulberry32): small, fast and good enough for demo data. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[];
  /** `count` distinct elements in random order (fewer if the array is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A random version-4-shaped UUID drawn from this generator (not from the system). */
  uuid(): string;
}

/** Creates a seeded random source; equal seeds give equal sequences. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  const hex = (count: number) => {
    let out = '';
    for (let i = 0; i < count; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    shuffle,
    sample: (items, count) => shuffle([...items]).slice(0, Math.max(0, count)),
    // Version nibble 4 and variant 8–b, so the ids pass strict UUID validators.
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

/** Hashes a label to a 32-bit seed, so independent streams can be derived from one seed. */
export function seedFrom(base: number, label: string): number {
  let h = (base ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// ---------------------------------------------------------------------------------------------
// Taxonomy

/** A demo category; `children` are its subcategories. */
export interface DemoCategory {
  slug: string;
  label: string;
  menuLabel: string;
  description: string;
  children?: DemoCategory[];
}

/** The demo blog's categories, top level in display order. */
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'travel',
    label: 'Travel Notes',
    menuLabel: 'Travel',
    description:
      'Slow weekends, long train rides and the small discoveries that make a place feel like home for a while.',
    children: [
      {
        slug: 'europe',
        label: 'Europe',
        menuLabel: 'Europe',
        description: 'Old towns, night trains and bakeries worth crossing a border for.',
      },
      {
        slug: 'asia',
        label: 'Asia',
        menuLabel: 'Asia',
        description: 'Temples at dawn, night markets after dark and a lot of noodles in between.',
      },
      {
        slug: 'the-americas',
        label: 'The Americas',
        menuLabel: 'Americas',
        description:
          'From Patagonian wind to Canadian lakes, with plenty of street food on the way.',
      },
    ],
  },
  {
    slug: 'food',
    label: 'Food & Drink',
    menuLabel: 'Food',
    description:
      'Recipes that work on a Tuesday, restaurants worth the queue and the stories behind both.',
    children: [
      {
        slug: 'recipes',
        label: 'Recipes',
        menuLabel: 'Recipes',
        description: 'Tested at home, written down carefully, forgiving of small mistakes.',
      },
      {
        slug: 'eating-out',
        label: 'Eating Out',
        menuLabel: 'Eating Out',
        description: 'Market stalls, neighbourhood cafés and the occasional special dinner.',
      },
    ],
  },
  {
    slug: 'design',
    label: 'Design',
    menuLabel: 'Design',
    description: 'Type, colour, layout and the quiet decisions that make things easy to use.',
  },
  {
    slug: 'technology',
    label: 'Technology',
    menuLabel: 'Tech',
    description: 'Building for the web, small useful tools and technology that respects your time.',
  },
  {
    slug: 'wellness',
    label: 'Wellness',
    menuLabel: 'Wellness',
    description: 'Sleep, movement, rest and the unglamorous habits that hold a good week together.',
  },
  {
    slug: 'books',
    label: 'Books & Reading',
    menuLabel: 'Books',
    description: 'What we are reading, rereading and pressing into our friends’ hands.',
  },
  {
    slug: 'photography',
    label: 'Photography',
    menuLabel: 'Photo',
    description: 'Learning to see: light, composition and the stories a single frame can hold.',
  },
  {
    slug: 'city-life',
    label: 'City Life',
    menuLabel: 'City Life',
    description: 'Neighbourhoods, markets, night buses and the people who make a city a place.',
  },
];

/** A demo tag. */
export interface DemoTag {
  slug: string;
  label: string;
}

/** The demo blog's twenty tags. */
export const DEMO_TAGS: readonly DemoTag[] = [
  { slug: 'weekend-trips', label: 'Weekend trips' },
  { slug: 'slow-living', label: 'Slow living' },
  { slug: 'on-a-budget', label: 'On a budget' },
  { slug: 'how-to', label: 'How-to' },
  { slug: 'for-beginners', label: 'For beginners' },
  { slug: 'seasonal', label: 'Seasonal' },
  { slug: 'minimalism', label: 'Minimalism' },
  { slug: 'productivity', label: 'Productivity' },
  { slug: 'the-web', label: 'The web' },
  { slug: 'typography', label: 'Typography' },
  { slug: 'coffee', label: 'Coffee' },
  { slug: 'vegetarian', label: 'Vegetarian' },
  { slug: 'baking', label: 'Baking' },
  { slug: 'film-photography', label: 'Film photography' },
  { slug: 'street', label: 'Street' },
  { slug: 'reading-lists', label: 'Reading lists' },
  { slug: 'mindfulness', label: 'Mindfulness' },
  { slug: 'architecture', label: 'Architecture' },
  { slug: 'walking', label: 'Walking' },
  { slug: 'interviews', label: 'Interviews' },
];

// ---------------------------------------------------------------------------------------------
// Members

/** Roles a stored member can have (SPEC §6; 'guest' is a visitor, never a stored member). */
export type DemoRole =
  | 'owner'
  | 'editor'
  | 'writer'
  | 'guest-writer'
  | 'open-blog-writer'
  | 'user'
  | 'service';

/** A demo member; `key` is how posts and comments refer to them. */
export interface DemoMember {
  key: string;
  name: string;
  role: DemoRole;
  about: string;
  privacyStatus?: 'PUBLIC' | 'PRIVATE';
  isBlocked?: boolean;
  /** Whether the member gets a generated avatar (a few keep the default picture). */
  hasAvatar?: boolean;
  /** Categories this member usually writes in (writers only). */
  beats?: readonly string[];
}

/**
 * The password of every demo member (README "Try it"): the demo is for trying each role, so one
 * documented password signs in as any of them with their email (`<slug>@example.com`).
 */
export const DEMO_PASSWORD = 'inkwell-demo';

/** The demo blog's members: every stored role, one private and one blocked member. */
export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    key: 'owner',
    name: 'Maya Lindqvist',
    role: 'owner',
    about: 'Founder of this little blog. Writes about trains, cities and the joy of getting lost.',
    hasAvatar: true,
    beats: ['travel', 'city-life', 'design'],
  },
  {
    key: 'editor',
    name: 'Daniel Okafor',
    role: 'editor',
    about: 'Editor, designer and reluctant early riser. Keeps the commas in order.',
    hasAvatar: true,
    beats: ['design', 'wellness', 'technology'],
  },
  {
    key: 'writer-sofia',
    name: 'Sofia Marchetti',
    role: 'writer',
    about: 'Home cook and bookshop regular. Believes most problems can be solved with soup.',
    hasAvatar: true,
    beats: ['food', 'books', 'travel'],
  },
  {
    key: 'writer-kenji',
    name: 'Kenji Watanabe',
    role: 'writer',
    about: 'Web developer by day, film photographer by weekend.',
    hasAvatar: true,
    beats: ['technology', 'photography', 'city-life'],
  },
  {
    key: 'guest-writer',
    name: 'Priya Raman',
    role: 'guest-writer',
    about: 'Yoga teacher and occasional contributor. Writes about rest and reading.',
    hasAvatar: true,
    beats: ['wellness', 'books'],
  },
  {
    key: 'open-writer',
    name: 'Tomás Herrera',
    role: 'open-blog-writer',
    about: 'Community contributor. Photographs rain, trams and anyone who will stand still.',
    hasAvatar: true,
    beats: ['photography', 'travel', 'city-life'],
  },
  {
    key: 'user-hannah',
    name: 'Hannah Becker',
    role: 'user',
    about: 'Reader, walker, amateur baker.',
    hasAvatar: true,
  },
  {
    key: 'user-liam',
    name: 'Liam O’Connell',
    role: 'user',
    about: 'Commuter cyclist with opinions about coffee.',
    hasAvatar: true,
  },
  {
    key: 'user-amara',
    name: 'Amara Nwosu',
    role: 'user',
    about: 'Architecture student. Collects postcards and train tickets.',
    hasAvatar: true,
  },
  {
    key: 'user-lucas',
    name: 'Lucas Moreau',
    role: 'user',
    about: '',
    hasAvatar: false,
  },
  {
    key: 'user-grace',
    name: 'Grace Kim',
    role: 'user',
    about: 'Always halfway through three books.',
    hasAvatar: true,
  },
  {
    key: 'user-oliver',
    name: 'Oliver Brandt',
    role: 'user',
    about: 'Weekend hiker, weekday spreadsheet wrangler.',
    hasAvatar: false,
  },
  {
    key: 'user-private',
    name: 'Elena Petrova',
    role: 'user',
    about: '',
    privacyStatus: 'PRIVATE',
    hasAvatar: true,
  },
  {
    key: 'user-blocked',
    name: 'Noah Fischer',
    role: 'user',
    about: '',
    isBlocked: true,
    hasAvatar: false,
  },
  {
    key: 'service',
    name: 'Inkwell Syndication',
    role: 'service',
    about: 'Automated account that reblogs posts to partner sites.',
    hasAvatar: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Posts

/** One block of a demo post, before it becomes rich content. */
export type DemoBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string; level?: 2 | 3 }
  | { type: 'bulleted' | 'ordered'; items: readonly string[] }
  | { type: 'quote'; text: string }
  | { type: 'code'; text: string }
  | { type: 'divider' };

/** A demo post's words and where it belongs. */
export interface DemoPost {
  title: string;
  /** Top-level category slug. */
  category: string;
  /** A subcategory of `category`, if any. */
  subcategory?: string;
  /** A second top-level category, if any. */
  secondCategory?: string;
  tags: readonly string[];
  blocks: readonly DemoBlock[];
  /** Member key of the author; the seed picks one by beat when absent. */
  author?: string;
  isPinned?: boolean;
  /** Shown in the feed's featured-post banner when the owner turns it on (SPEC §2). */
  isFeatured?: boolean;
}

const p = (text: string): DemoBlock => ({ type: 'paragraph', text });
const h = (text: string, level: 2 | 3 = 2): DemoBlock => ({ type: 'heading', text, level });
const ul = (...items: string[]): DemoBlock => ({ type: 'bulleted', items });
const ol = (...items: string[]): DemoBlock => ({ type: 'ordered', items });
const quote = (text: string): DemoBlock => ({ type: 'quote', text });
const code = (text: string): DemoBlock => ({ type: 'code', text });
const hr: DemoBlock = { type: 'divider' };

/** Hand-written posts; the first three are the pinned ones. */
export const FEATURED_POSTS: readonly DemoPost[] = [
  {
    title: 'Forty-Eight Hours in Lisbon Without a Plan',
    category: 'travel',
    subcategory: 'europe',
    secondCategory: 'city-life',
    tags: ['weekend-trips', 'walking', 'slow-living'],
    author: 'owner',
    isPinned: true,
    blocks: [
      p(
        'I landed in Lisbon on a Friday evening with a small backpack, a borrowed guidebook I never opened and one rule: no plans beyond the next meal. Two days later I flew home with tired legs, a sunburnt neck and the strong feeling that I had finally learned how to do a weekend away.',
      ),
      h('Friday: trams, hills and the first pastel de nata'),
      p(
        'The old yellow trams are a cliché for a reason. I rode one up to Graça simply because it was the first to arrive, got off when everyone else did and followed the smell of coffee to a kiosk with six plastic chairs and a view across the river. The custard tart cost less than a bus ticket and was still warm. #weekendtrip',
      ),
      p(
        'Lisbon is built on hills, and the city does not apologise for them. Staircases appear where you expect a street, and streets turn into staircases without warning. Wear shoes you trust, and accept that you will see the same viewpoint three times from three different directions before you work out where you are.',
      ),
      quote('The best trips leave room for the afternoon you didn’t plan.'),
      h('Saturday: a market, a ferry and a very long lunch'),
      p(
        'Saturday began at the market in Cais do Sodré, where the stalls sell everything from grilled sardines to tiny glasses of cherry liqueur. I ate standing up, then took the ferry across the Tagus for no reason other than that it was there. Twenty minutes on the water and the city looked like a painting of itself.',
      ),
      ul(
        'Buy a rechargeable transport card on arrival; it works on trams, buses and ferries.',
        'Eat lunch where the menu is handwritten and the tables are full of office workers.',
        'Leave the famous viewpoints for the early morning, before the tour groups arrive.',
        'Say yes to the second coffee. Nobody in Lisbon is in a hurry, and neither should you be.',
      ),
      p(
        'By Sunday afternoon I had walked more than forty kilometres and spent most of my money on bread, fish and ceramic tiles I did not need. I would do it all again tomorrow, still without a plan. If you have a corner of the city I missed, tell me in the comments. #slowliving',
      ),
    ],
  },
  {
    title: 'The Sunday Soup That Got Me Through Winter',
    category: 'food',
    subcategory: 'recipes',
    secondCategory: 'wellness',
    tags: ['vegetarian', 'seasonal', 'how-to'],
    author: 'writer-sofia',
    isPinned: true,
    blocks: [
      p(
        'Every Sunday from November to March, a big pot of this soup sat on my stove. It started as a way to use up the vegetables at the back of the fridge and became a small ritual: chopping onions with the radio on, the windows steaming up, the whole flat smelling of rosemary by noon.',
      ),
      h('What goes in'),
      ul(
        'Two onions, two carrots and two sticks of celery, finely chopped',
        'Three cloves of garlic and a sprig of rosemary',
        'A tin of chopped tomatoes and a tin of white beans',
        'A handful of small pasta or broken spaghetti',
        'A big bunch of kale or cavolo nero, stripped and shredded',
        'Good olive oil, salt, pepper and a parmesan rind if you have one',
      ),
      h('How to make it'),
      ol(
        'Soften the onion, carrot and celery in plenty of olive oil for fifteen minutes. Do not rush this part; it is where the flavour comes from.',
        'Add the garlic and rosemary, cook for a minute, then add the tomatoes, beans and a litre and a half of water.',
        'Drop in the parmesan rind, season well and simmer for thirty minutes.',
        'Add the pasta and the greens and cook until the pasta is tender.',
        'Serve with more olive oil on top and a piece of toasted bread rubbed with garlic.',
      ),
      quote('Soup is patience you can eat.'),
      p(
        'It keeps for four days in the fridge and gets better every one of them. I rarely make it the same way twice: a spoonful of pesto in spring, a pinch of chilli when I have a cold, lentils instead of beans when the cupboard says so. Treat the recipe as a suggestion and the pot as a friend. #homecooking',
      ),
    ],
  },
  {
    title: 'Why Good Design Feels Invisible',
    category: 'design',
    tags: ['typography', 'minimalism'],
    author: 'editor',
    isPinned: true,
    blocks: [
      p(
        'Think about the last time a door confused you. You pulled when you should have pushed, felt a little foolish, and blamed yourself. You should have blamed the door. Good design is mostly noticed in its absence: when it works, it disappears, and we simply get on with our day.',
      ),
      p(
        'That is the paradox at the heart of the craft. The better the work, the less credit it receives. Nobody thanks the sign that got them to the right platform, or the form that remembered their address. They just catch the train and buy the shoes.',
      ),
      h('Three signs of invisible design'),
      ol(
        'You never have to read the instructions, because the object explains itself.',
        'Mistakes are hard to make and easy to undo.',
        'The important things are obvious, and the unimportant things stay out of the way.',
      ),
      quote(
        'Design is finished not when there is nothing left to add, but when nothing gets in the way.',
      ),
      p(
        'None of this means design should be dull. Colour, type and texture all carry meaning, and a little delight goes a long way. But decoration should serve the reader, never the designer’s portfolio. When in doubt, take something away and see whether anyone misses it. #designthinking',
      ),
      hr,
      p(
        'Next week: why we changed the typeface on this very blog, and what happened to our reading times when we did.',
      ),
    ],
  },
  {
    title: 'I Rebuilt My Personal Site With Plain HTML, and It Is Faster Than Ever',
    category: 'technology',
    tags: ['the-web', 'minimalism', 'how-to'],
    isFeatured: true,
    author: 'writer-kenji',
    blocks: [
      p(
        'My personal site had grown into a small monster: a framework, a build pipeline, three plugins for images and a deploy step that failed whenever a dependency changed its mind. It showed a dozen blog posts and a photo of my cat. Last month I threw it all away and started again with an HTML file.',
      ),
      h('What I kept'),
      p(
        'I kept the content and the URLs, because links on other sites matter more than my tooling preferences. Each page is now a plain HTML file with a shared stylesheet. A tiny script of about thirty lines builds the index page and the feed from the posts’ front matter.',
      ),
      code(
        [
          'for (const file of await readdir("posts")) {',
          '  const html = await readFile(join("posts", file), "utf8");',
          '  const title = html.match(/<title>(.*?)<\\/title>/)?.[1] ?? file;',
          '  entries.push({ file, title });',
          '}',
        ].join('\n'),
      ),
      h('What changed'),
      ul(
        'The home page went from 410 KB to 18 KB.',
        'First paint on a slow phone dropped from three seconds to under half a second.',
        'The deploy step is now a copy command, and it has not failed once.',
      ),
      p(
        'The web is fast by default. Most of the slowness we fight is slowness we added ourselves, one reasonable decision at a time. Starting from nothing was the most useful refactor I have done in years. #webdev',
      ),
    ],
  },
  {
    title: 'A Morning Routine That Takes Ten Minutes and Actually Sticks',
    category: 'wellness',
    tags: ['mindfulness', 'productivity', 'for-beginners'],
    author: 'guest-writer',
    blocks: [
      p(
        'I have tried every morning routine the internet has to offer: cold showers, five-thirty alarms, journals with prompts I could not answer before coffee. None of them lasted a fortnight. The one that finally stuck is almost embarrassingly small, and that is exactly why it works.',
      ),
      h('The whole routine'),
      ol(
        'Open the curtains before looking at a screen.',
        'Drink a full glass of water while the kettle boils.',
        'Stretch for three minutes: neck, shoulders, hips, nothing heroic.',
        'Write one line about how you feel and one thing you want from the day.',
      ),
      p(
        'That is all. Ten minutes at most, and on a bad day I do half of it and count it as a win. The point is not to optimise the morning but to start it on purpose, rather than letting the phone decide what the first thought of the day will be. #mindfulmornings',
      ),
      quote('A habit small enough to do on your worst day is a habit that survives.'),
      p(
        'Six months in, I sleep a little better, argue with my inbox a little less and notice the weather again. Try it for a week and tell me how it goes.',
      ),
    ],
  },
  {
    title: 'Twelve Books That Made This Year Better',
    category: 'books',
    tags: ['reading-lists', 'seasonal'],
    author: 'writer-sofia',
    blocks: [
      p(
        'I read fewer books this year than last, and enjoyed them more. Part of that was a new rule: if a book has not caught me by page fifty, it goes back to the library without guilt. What remained was a list I am happy to press into anyone’s hands.',
      ),
      h('Novels I could not put down'),
      ul(
        'A sprawling family saga set in a fishing town, told over four generations',
        'A slim, strange novel about a lighthouse keeper and the letters he never sends',
        'A detective story where the detective is seventy-three and mostly gardening',
        'A love story told entirely through recipes and shopping lists',
      ),
      h('Non-fiction that changed my mind'),
      ul(
        'A history of the humble pencil that turned out to be a history of everything',
        'A walker’s guide to the rivers hidden under our cities',
        'A gentle book about sleep that finally got me off my phone at night',
      ),
      p(
        'The rest you will find in the comments, where I hope you will add your own. The best recommendations I ever received came from strangers on the internet, so let’s keep that tradition going. #bookclub',
      ),
    ],
  },
  {
    title: 'Learning to See: A Month With One Lens',
    category: 'photography',
    tags: ['street', 'for-beginners'],
    author: 'open-writer',
    blocks: [
      p(
        'For thirty days I left the zoom lens at home and carried only a small fixed 35 mm. No zooming, no swapping, no excuses. If I wanted something bigger in the frame, I had to walk closer; if it did not fit, I had to step back or let it go.',
      ),
      p(
        'The first week was frustrating. I kept missing shots I would have caught with the zoom, and I came home with a card full of near misses. By the second week something shifted: I stopped looking for pictures and started seeing them, because I already knew exactly what my frame would hold.',
      ),
      h('What one lens teaches'),
      ul(
        'Your feet are the best zoom you own.',
        'Constraints make decisions faster, and faster decisions make braver pictures.',
        'Knowing your frame by heart lets you compose before the camera reaches your eye.',
      ),
      quote('Limit the tools and you free the eye.'),
      p(
        'I have not gone back to the zoom. It sits in a drawer, and every time I see it I remember how much I learned by leaving it there. #streetphotography',
      ),
    ],
  },
  {
    title: 'The Corner Café Where Everyone Knows Your Order',
    category: 'city-life',
    secondCategory: 'food',
    tags: ['coffee', 'slow-living', 'interviews'],
    author: 'owner',
    blocks: [
      p(
        'At the bottom of our street there is a café with four tables, a temperamental espresso machine and an owner called Rosa who has not written down an order in eleven years. She simply remembers: flat white for the architect, black tea for the retired teacher, a croissant cut in half for the twins from number twelve.',
      ),
      p(
        'I asked her how she does it. She shrugged and said that people are easier to remember than coffees. You remember the man who always reads the sports pages from the back, and the coffee comes with him. It is the most human database I know.',
      ),
      h('Why places like this matter'),
      p(
        'Cities can be lonely. A place where someone notices you were missing for a week is worth more than any loyalty card. Rosa’s café is not the best coffee in town, and nobody who goes there would claim it is. That is not why we go. #coffeebreak',
      ),
      quote('People are easier to remember than coffees.'),
      p(
        'If you have a Rosa in your neighbourhood, go and see them this week. Order the usual. Say thank you.',
      ),
    ],
  },
  {
    title: 'Kyoto in the Rain Is Still Kyoto',
    category: 'travel',
    subcategory: 'asia',
    secondCategory: 'photography',
    tags: ['seasonal', 'walking'],
    author: 'writer-sofia',
    blocks: [
      p(
        'The forecast promised five days of rain, and for once the forecast was right. I spent the first morning sulking in the guesthouse, then borrowed a clear umbrella from the front desk and went out anyway. It was the best decision of the trip.',
      ),
      p(
        'Rain empties the famous places. The stone paths shine, the moss turns an impossible green and the temple bells sound closer than they should. At the shrine with the thousand orange gates I walked for twenty minutes without meeting another person.',
      ),
      h('How to enjoy a wet week'),
      ul(
        'Start early; the first hour after opening is quiet even on sunny days.',
        'Pack a second pair of socks in a plastic bag. Thank me later.',
        'Let the tea houses be your shelter and the long lunches your plan.',
      ),
      p(
        'I came home with some of my favourite photographs and the conviction that bad weather is mostly a story we tell ourselves. #traveltips',
      ),
    ],
  },
  {
    title: 'What a Slow Network Taught Me About Building for the Web',
    category: 'technology',
    tags: ['the-web', 'how-to'],
    author: 'editor',
    blocks: [
      p(
        'For two weeks this summer I worked from a village where the mobile signal came and went with the wind. It was the most educational fortnight of my career, because every site I had helped build suddenly felt heavy, fragile and rude.',
      ),
      h('What broke first'),
      p(
        'Pages that rendered nothing until a large script arrived showed me a white screen for twenty seconds. Forms that validated on the server lost my input when the request failed. Images without dimensions made every page jump as they loaded, one by one.',
      ),
      h('What held up'),
      p(
        'Server-rendered pages with real links worked beautifully. So did forms that were plain HTML underneath. The sites that felt best were the ones that sent something useful in the first few kilobytes and added the rest when it could.',
      ),
      code(
        [
          '<img src="cover-640.webp"',
          '     srcset="cover-320.webp 320w, cover-640.webp 640w, cover-1280.webp 1280w"',
          '     sizes="(max-width: 700px) 100vw, 640px"',
          '     width="640" height="360" alt="">',
        ].join('\n'),
      ),
      p(
        'Test on a throttled connection once a week. It is humbling, and it will make you a better engineer. #webdev',
      ),
    ],
  },
];

/** A value that fills the `{x}` of a title template. */
interface Fill {
  /** The form used in titles (title case). */
  title: string;
  /** The form used in sentences; `title` when absent. */
  text?: string;
  /** The subcategory this fill belongs to. */
  subcategory?: string;
}

/** A title with its opening paragraph; `{x}` is replaced by one of `fills`. */
interface Topic {
  title: string;
  lede: string;
  fills?: readonly Fill[];
  subcategory?: string;
}

/** The pools one category's composed posts are made from. */
interface WritingPools {
  paragraphs: readonly string[];
  headings: readonly string[];
  lists: readonly { lead: string; ordered?: boolean; items: readonly string[] }[];
  quotes: readonly string[];
  closings: readonly string[];
}

interface CategoryWriting extends WritingPools {
  topics: readonly Topic[];
  /**
   * What happened that set the writer off, as a clause after one of MOMENTS ("Last October, …"):
   * the first words of each composed post (see `openingSentence`). Free of seasons and times of
   * day, which the moment gives. Seventeen of them: a number with no factor in common with
   * MOMENTS.length.
   */
  scenes: readonly string[];
  captions: readonly string[];
  code?: readonly string[];
  tags: readonly string[];
  /** Pools that replace the category's own for posts of one subcategory (a review is not a recipe). */
  bySubcategory?: Record<string, Partial<WritingPools>>;
}

const europe = (title: string): Fill => ({ title, subcategory: 'europe' });
const asia = (title: string): Fill => ({ title, subcategory: 'asia' });
const americas = (title: string): Fill => ({ title, subcategory: 'the-americas' });

const PLACES: readonly Fill[] = [
  europe('Porto'),
  asia('Seoul'),
  americas('Mexico City'),
  europe('Copenhagen'),
  asia('Hanoi'),
  americas('Montréal'),
  europe('Ljubljana'),
  asia('Taipei'),
  americas('Oaxaca'),
  europe('Edinburgh'),
  asia('Penang'),
  americas('Valparaíso'),
  europe('Seville'),
  asia('Kathmandu'),
  americas('Buenos Aires'),
  europe('Vienna'),
  europe('Naples'),
  americas('Vancouver'),
];

const DISHES: readonly Fill[] = [
  { title: 'Lemon and Herb Roast Chicken', text: 'lemon and herb roast chicken' },
  { title: 'Tomato and White Bean Stew', text: 'tomato and white bean stew' },
  { title: 'Brown Butter Banana Bread', text: 'brown butter banana bread' },
  { title: 'Miso-Glazed Aubergine', text: 'miso-glazed aubergine' },
  { title: 'Spiced Red Lentil Soup', text: 'spiced red lentil soup' },
  { title: 'Mushroom Risotto', text: 'mushroom risotto' },
  { title: 'Chickpea and Spinach Curry', text: 'chickpea and spinach curry' },
  { title: 'Olive Oil Focaccia', text: 'olive oil focaccia' },
  { title: 'Roasted Vegetable Lasagne', text: 'roasted vegetable lasagne' },
  { title: 'Ginger and Garlic Noodles', text: 'ginger and garlic noodles' },
];

const NEIGHBOURHOODS: readonly Fill[] = [
  { title: 'Old Town', text: 'the old town' },
  { title: 'Harbour District', text: 'the harbour district' },
  { title: 'Market Quarter', text: 'the market quarter' },
  { title: 'University Quarter', text: 'the university quarter' },
  { title: 'Riverside', text: 'the riverside' },
  { title: 'North End', text: 'the north end' },
];

const WRITING: Record<string, CategoryWriting> = {
  travel: {
    tags: ['weekend-trips', 'on-a-budget', 'walking', 'slow-living', 'seasonal', 'architecture'],
    scenes: [
      'a friend asked me for tips and my reply ran to two pages',
      'I found an old boarding pass tucked inside a paperback',
      'I finally sorted the photographs from a trip I had been meaning to write up',
      'my notebook from the trip fell out of a coat pocket',
      'I caught myself planning the next trip before I had unpacked from the last',
      'a reader wrote to ask what I would do differently next time',
      'my sister asked why I keep going back to the same places',
      'I spread a crumpled city map across the kitchen table again',
      'a stamp in my passport set off a long evening of remembering',
      'I copied out a page of notes scribbled on the back of a ticket',
      'I added up the receipts from one trip and was surprised by the total',
      'a colleague came back from holiday glowing, and I remembered why I travel',
      'I ate a pastry at home that tasted exactly like one from the trip',
      'my phone told me how many kilometres I had walked on holiday',
      'I realised I had been telling the same travel story at every dinner',
      'a postcard I had sent to myself finally arrived',
      'I dug my rucksack out of the cupboard and found sand in the seams',
    ],
    topics: [
      {
        title: 'Three Slow Days in {x}',
        lede: 'I arrived in {x} with a half-charged phone, no itinerary and a promise to myself to walk everywhere. Three days later I left with sore feet and a notebook full of small, specific joys.',
        fills: PLACES,
      },
      {
        title: '{x} on a Shoestring: What I Spent and What Was Worth It',
        lede: 'Travelling cheaply in {x} is less about sacrifice than about paying attention. Here is where my money went, day by day, and the few splurges I would make again without a second thought.',
        fills: PLACES,
      },
      {
        title: 'What I Packed for a Week in {x}',
        lede: 'Packing for {x} taught me that one good pair of shoes matters more than three nice shirts. This is the list I ended up with, and the things that never left the bottom of the bag.',
        fills: PLACES,
      },
      {
        title: 'The Best Morning Walk in {x}',
        lede: 'Every city has a route that makes sense at seven in the morning, before the cafés fill up and the light turns flat. In {x}, mine starts by the water and ends, inevitably, at a bakery.',
        fills: PLACES,
      },
      {
        title: 'A First-Timer’s Guide to {x}',
        lede: 'You will get lost in {x}, and that is fine. This is what I wish someone had told me before my first visit: where to sleep, how to get around and which famous sights are worth the queue.',
        fills: PLACES,
      },
      {
        title: 'Getting to {x} by Train',
        lede: 'Flying would have been faster, but the train to {x} gave me something a plane never does: time to watch the country change outside the window, and the feeling of having actually travelled.',
        fills: PLACES,
      },
      {
        title: 'Why I Keep Going Back to {x}',
        lede: 'I have been to {x} four times now, and each visit feels less like sightseeing and more like checking in on an old friend. Some places reward repetition, and this is one of them.',
        fills: PLACES,
      },
      {
        title: 'Rainy Day Ideas for {x}',
        lede: 'The forecast for {x} said sunshine. The sky disagreed. These are the museums, markets and long lunches that turned a wet week into one of my favourite trips.',
        fills: PLACES,
      },
      {
        title: 'Eating My Way Through {x}',
        lede: 'Ask anyone in {x} where to eat and you will get a passionate answer and a map drawn on a napkin. I followed as many of those maps as my stomach allowed.',
        fills: PLACES,
      },
      {
        title: 'A Weekend in {x} With Kids',
        lede: 'Travelling with two children under ten changes the rhythm of a city. In {x} it also opened doors: playgrounds with views, patient waiters and an afternoon we will talk about for years.',
        fills: PLACES,
      },
    ],
    paragraphs: [
      'The trick, I have learned, is to plan the first morning and nothing else. Know where your first coffee is coming from and how to get from the station to your bed, then let the rest unfold. Some of my best travel memories come from afternoons that had no business going as well as they did.',
      'Public transport is the fastest way to feel like a local and the cheapest way to see a city from the inside. I buy a multi-day pass on arrival, ride one line to the end just to see what is there, and walk back. It has never once been a waste of time. #traveltips',
      'Where you sleep matters less than people think, as long as it is in the right place. A small room above a lively street beats a big one by the ring road every time, because your bed decides where you will be when you are tired, hungry or caught in the rain.',
      'I try to eat lunch where the workers eat. The menus are short, the prices are honest and the food is usually better than anything on a square with a view. Dinner can be the special occasion; lunch is how you find out what a place really tastes like.',
      'Carrying less changes the whole trip. With a single bag I can take the bus instead of a taxi, change plans on a whim and walk from the station without routing around my luggage. It took me years to learn that nobody remembers what you wore in the photos.',
      'Museums are best early or late. I aim for the first hour after opening, see the two or three rooms I came for and leave before the tour groups arrive. Any longer and the paintings start to blur together, which is fair to neither them nor me.',
      'A weekend away does not need a long list of sights. Pick a neighbourhood, find a good bakery, a park and a bar with outdoor seating, and you have the bones of a perfect trip. The #weekendtrip is my favourite kind of travel precisely because it forces you to choose.',
      'Talking to people is the part of travel no guidebook can do for you. A question about the bus becomes a tip for dinner, which becomes an invitation to a street festival. Learn hello, thank you and the numbers up to ten in the local language; the rest follows.',
      'I keep a paper notebook on every trip. Not a diary exactly, more a list of things I noticed: the colour of the trams, the smell of the fish market, a conversation overheard on a ferry. Reading it years later brings a place back faster than any photograph.',
      'Travelling off-season has spoiled me. Prices drop, queues disappear and the locals have time to talk. You trade a little sunshine for a lot of breathing room, and the low light of the shoulder months is kinder to photographs anyway.',
      'Slow travel is not about doing less; it is about staying long enough for a place to stop performing for you. By the third day the café owner knows your order, and the city starts to feel like somewhere you live rather than somewhere you visit. #slowtravel',
      'There is always one moment on a trip when everything goes wrong: a missed connection, a closed restaurant, a downpour and no umbrella. I have started to look forward to it, because that is usually where the story is.',
      'Night trains are back, and I could not be happier. You fall asleep in one country, wake up in another with the blinds glowing, and save the price of a hotel room on the way. Bring earplugs, a bottle of water and a little patience at the border.',
      'Markets tell you more about a place than any monument. I go early, buy whatever fruit I do not recognise, and ask the stallholder how to eat it. Half the time the answer comes with a recipe, and once it came with an invitation to lunch.',
    ],
    headings: [
      'Getting there',
      'Where to stay',
      'What to eat',
      'The small things I loved',
      'What I would do differently',
      'A few practical notes',
      'Before you go',
      'The last evening',
    ],
    lists: [
      {
        lead: 'My short list of things that always come along:',
        items: [
          'Shoes I have already walked twenty kilometres in',
          'A light rain jacket that packs into its own pocket',
          'A paper map, because batteries die at the worst moment',
          'A water bottle and a small bag of snacks',
          'A notebook and a pen that actually works',
        ],
      },
      {
        lead: 'How I plan a weekend away in under an hour:',
        ordered: true,
        items: [
          'Book the transport first; everything else depends on it.',
          'Choose one neighbourhood and find a bed there.',
          'Pick one thing to see each morning.',
          'Leave the afternoons empty on purpose.',
          'Ask the first local you meet where they eat.',
        ],
      },
      {
        lead: 'A few things I would skip next time:',
        items: [
          'Taxis from the airport when the train is faster',
          'The famous viewpoint at sunset, when half the city is there',
          'Restaurants with photographs of the food outside',
          'Trying to see two cities in one weekend',
        ],
      },
    ],
    quotes: [
      'A city shows you its real face somewhere between the first coffee and the last tram.',
      'You don’t need to go far. You need to go slowly.',
      'Every wrong turn is a street you would never have chosen, and some of them are the best ones.',
      'Travel light, stay longer, and say yes more often than feels comfortable.',
      'The map tells you where things are. Walking tells you what they are like.',
    ],
    closings: [
      'If you go, I would love to hear what you found. Leave a note in the comments and tell me which corner I should explore next time.',
      'I am already planning the next visit. Until then these notes will have to do, and I hope they help you plan yours.',
      'That is the whole secret, really: go slowly, eat well and talk to strangers. The rest of the trip looks after itself.',
      'Thanks for reading along. If this helped, save it for your next #weekendtrip and let me know how it goes.',
      'Next month I am heading somewhere new, and I will report back. Bring comfortable shoes.',
    ],
    captions: [
      'The view that made the early start worth it.',
      'Late afternoon light near the harbour.',
      'A street I found by taking the wrong turn.',
      'The last morning, before the city woke up.',
    ],
  },
  food: {
    tags: ['vegetarian', 'baking', 'seasonal', 'how-to', 'coffee', 'on-a-budget'],
    scenes: [
      'a friend texted to ask what I actually eat on a weekday',
      'I found a splattered recipe card wedged behind the spice rack',
      'my neighbour asked where I had learned to cook',
      'I cleared out the freezer and found three unlabelled tubs',
      'someone at work asked about the dish I keep mentioning',
      'I cooked for more people than my table can seat',
      'my aunt sent me a photo of a page from an old notebook',
      'I counted how often I had eaten out in a single week',
      'a reader asked me to write down something I had only ever described',
      'I wrote a shopping list that turned into a menu',
      'I bought far too much at the market and had to make a plan',
      'a dinner guest asked for seconds before finishing firsts',
      'I tidied the cookbook shelf and kept the books with the most stains',
      'I finally replaced a wooden spoon I had used for ten years',
      'my daughter asked me to teach her one dish before she moved out',
      'I caught myself describing a meal in more detail than the holiday it came from',
      'a friend and I argued for an hour about what makes a good lunch',
    ],
    topics: [
      {
        title: '{x}, the Weeknight Version',
        lede: 'This is the {x} I make when it is Tuesday, I am tired and I still want something that tastes like I tried. Most of the work is done by the oven or the pot while I set the table.',
        fills: DISHES,
        subcategory: 'recipes',
      },
      {
        title: 'How I Make {x} for a Crowd',
        lede: 'Cooking for twelve is mostly a question of logistics. My {x} scales beautifully, survives a little waiting and can be made almost entirely in advance, which is all you can ask of a party dish.',
        fills: DISHES,
        subcategory: 'recipes',
      },
      {
        title: 'The Only {x} Recipe You Need',
        lede: 'I have tested more versions of {x} than I would like to admit. This is the one I keep coming back to: forgiving, flexible and somehow even better the next day.',
        fills: DISHES,
        subcategory: 'recipes',
      },
      {
        title: '{x} From My Grandmother’s Notebook',
        lede: 'My grandmother never measured anything, so turning her {x} into a recipe took three attempts and a long phone call with my aunt. This is as close as I could get, and it is very close.',
        fills: DISHES,
        subcategory: 'recipes',
      },
      {
        title: 'Batch Cooking on Sunday: {x}',
        lede: 'Sunday afternoons are for batch cooking. One big batch of {x} becomes three lunches, a dinner and a small, smug feeling every time I open the fridge. #mealprep',
        fills: DISHES,
        subcategory: 'recipes',
      },
      {
        title: 'The Best Breakfast Spots in the {x}',
        lede: 'Breakfast is the most honest meal a café serves: there is nowhere to hide a tired egg. These are the places in {x} that get it right, from a bakery counter to a proper sit-down fry-up.',
        fills: NEIGHBOURHOODS,
        subcategory: 'eating-out',
      },
      {
        title: 'A Tasting Menu That Was Worth Every Penny',
        lede: 'I am suspicious of tasting menus. Too often they are a parade of foams and tweezers. This one, in a dining room with nine tables, changed my mind in eleven small courses.',
        subcategory: 'eating-out',
      },
      {
        title: 'Ten Years at the Same Noodle Shop',
        lede: 'I have eaten at the same noodle shop at least once a month for a decade. The menu has changed twice, the prices a few more times, and the broth not at all.',
        subcategory: 'eating-out',
      },
      {
        title: 'How to Order at a Busy Market Stall',
        lede: 'The best food at a market is usually at the stall with the longest queue and the least patience. Here is how to order there without holding anyone up, and what to try first.',
        subcategory: 'eating-out',
      },
      {
        title: 'Why I Stopped Reading Restaurant Reviews',
        lede: 'For years I chose where to eat by scrolling through stars. Then I stopped, started asking people instead, and began eating better than ever.',
        subcategory: 'eating-out',
      },
    ],
    paragraphs: [
      'Good cooking starts at the shop, not the stove. Buy what looks best that day rather than what the recipe asks for, and be ready to adapt. A ripe tomato will do more for a dish than any technique you can learn. #homecooking',
      'Salt early and taste often. Most home cooking that tastes flat is simply under-seasoned, and a pinch added at the start works its way into the food in a way a shake at the table never will.',
      'I used to follow recipes to the gram. Now I read them twice, close the book and cook from memory, checking only at the end. The dish is rarely identical, but it is mine, and I understand why each step is there.',
      'A sharp knife is the cheapest upgrade in any kitchen. Chopping becomes faster and safer, onions stop making you cry quite so much, and the whole business of making dinner feels less like a chore.',
      'The oven is a patient helper. Anything that roasts for forty minutes gives you forty minutes to tidy up, set the table or sit down with a glass of something cold. I plan weeknight meals around that simple fact.',
      'Leftovers are not a punishment. Yesterday’s roast vegetables become today’s frittata, and a spoonful of last night’s stew makes a fine sauce for pasta. Cooking a little extra on purpose is one of the kindest things you can do for your future self.',
      'Bread is easier than it looks. Flour, water, salt and yeast, a warm corner and a bit of time: that is all it needs. The first loaf might be flat; the fifth will make your neighbours jealous. #baking',
      'Vegetables deserve the same attention we give to meat. Roast them hard until the edges char, dress them while they are hot and finish with something sharp and something crunchy. #vegetarian cooking is simply good cooking with the spotlight moved.',
      'Cooking for other people is a way of saying what words often cannot. It does not have to be elaborate; a bowl of soup delivered to a tired friend says more than any message on a screen.',
      'A well-stocked cupboard is half a recipe. Tinned tomatoes, good olive oil, dried beans, a few spices and a lemon or two mean dinner is never more than twenty minutes away, even on the evening nothing went to plan.',
    ],
    headings: [
      'What you need',
      'The method',
      'A note on ingredients',
      'Make it your own',
      'Why it works',
      'Serving it',
      'What to drink with it',
      'Storing and reheating',
    ],
    lists: [
      {
        lead: 'The pantry staples I never let run out:',
        items: [
          'Good olive oil and a neutral oil for frying',
          'Tinned tomatoes, chickpeas and white beans',
          'Dried pasta, rice and red lentils',
          'Onions, garlic, lemons and a jar of capers',
          'Flaky salt, black pepper and chilli flakes',
        ],
      },
      {
        lead: 'My rules for a relaxed dinner party:',
        ordered: true,
        items: [
          'Cook one thing you have made before.',
          'Make dessert the day before.',
          'Let the guests bring the wine and the bread.',
          'Set the table before anyone arrives.',
          'Never apologise for the food.',
        ],
      },
      {
        lead: 'Three mistakes I made so you don’t have to:',
        ordered: true,
        items: [
          'Crowding the pan, which steams vegetables instead of browning them.',
          'Adding garlic too early, where it burns and turns bitter.',
          'Skipping the resting time, which leaves meat dry and bread gummy.',
        ],
      },
    ],
    quotes: [
      'The best meals are rarely the most complicated ones.',
      'A recipe is a conversation, not a contract.',
      'Feed people and they will tell you their stories.',
      'Cook with what is in season and half the work is already done.',
      'Nobody remembers the garnish. Everybody remembers who they ate with.',
    ],
    closings: [
      'If you make it, tell me how it went and what you changed. The comments are my favourite part of posting a recipe.',
      'That is it: nothing clever, just a dish that works. I hope it finds a place in your week.',
      'Cook it once as written, then make it yours. That is what recipes are for. #homecooking',
      'Next time: dessert, and a confession about how many attempts it took.',
    ],
    bySubcategory: {
      'eating-out': {
        paragraphs: [
          'Eating out is research as much as pleasure. I pay attention to how a good restaurant balances a plate, how it uses acid and crunch, and then I bring those ideas home in a simpler form.',
          'The best restaurants in any city are rarely the most photographed. Look for short menus, busy lunchtimes and staff who eat there on their day off. Those places cook for regulars, not for reviews.',
          'Coffee after a good meal is a small ceremony worth keeping. Sit down for it and let the conversation wander. Nobody ever regretted lingering at the table. #coffeebreak',
          'Go at lunchtime. Many of the best kitchens offer a shorter, cheaper menu in the middle of the day, cooked by the same people with the same care. It is the easiest way to eat somewhere special without the special-occasion bill.',
          'Sit at the counter if you can. You see the kitchen at work, the staff talk to you, and more often than not something extra arrives on your plate with a shrug and a smile.',
          'Ask what is good today, not what is popular. A kitchen that answers with the day’s fish or the first asparagus of the season is cooking with the market, and that is exactly the kind of place worth coming back to.',
          'Learn the names of the people who serve you, and come back. Regulars eat better everywhere in the world, and becoming one takes less time than you would think.',
          'Street food is where a city cooks for itself. Follow the queue of office workers, point at whatever the person in front of you ordered and find somewhere to stand out of the way. It rarely disappoints. #streetfood',
          'A long lunch is the most civilised thing a weekday can hold. Phones away, nowhere to be for an hour: it is a small holiday you can take without leaving town.',
        ],
        headings: [
          'Where to go',
          'What to order',
          'When to go',
          'The room',
          'Worth the queue',
          'A few honourable mentions',
          'How to get a table',
        ],
        lists: [
          {
            lead: 'How I spot a good place from the street:',
            items: [
              'A short menu, handwritten or changed often',
              'Locals inside at lunchtime on a weekday',
              'A kitchen you can see, or at least hear',
              'No photographs of the food on the menu',
            ],
          },
          {
            lead: 'What I order on a first visit:',
            ordered: true,
            items: [
              'Whatever the person at the next table is eating.',
              'The dish the place is named after, if there is one.',
              'One thing I have never tried before.',
              'Dessert, always, to see whether they care all the way to the end.',
            ],
          },
        ],
        quotes: [
          'The best table in town is the one where they know your name.',
          'Follow the queue, not the stars.',
          'A good restaurant cooks for its regulars; the rest of us are lucky guests.',
        ],
        closings: [
          'Let me know your own favourite spots in the comments. I am always looking for the next place to eat.',
          'Go hungry, go early and say hello to the person at the counter from me.',
          'I will be back next month with more places worth the walk. Until then, eat well.',
          'If you have a favourite I have missed, tell me. I will happily do the research.',
        ],
      },
    },
    captions: [
      'Dinner, just before everyone sat down.',
      'The market on a Saturday morning.',
      'Straight out of the oven, and gone in ten minutes.',
      'The corner table, and the best seat in the house.',
    ],
  },
  design: {
    tags: ['typography', 'minimalism', 'architecture', 'how-to', 'for-beginners'],
    scenes: [
      'a client asked me why their homepage felt crowded',
      'I cleared my desk and found a stack of old sketches',
      'a student asked me what I wish I had learned first',
      'I spent ten minutes fighting a ticket machine at a station',
      'a colleague shared a screenshot with the caption “why?”',
      'I arranged my bookshelf by colour and regretted it at once',
      'a form on a government website defeated me twice',
      'I reread my notes from a talk I gave years ago',
      'we printed a layout at full size and pinned it to the wall',
      'a friend showed me the menu she had designed for her café',
      'I watched my father try to find his way around a new app',
      'I noticed how many signs in my own street I had never read',
      'a junior designer asked me how I choose a typeface',
      'I spent an afternoon in a museum reading the labels instead of the paintings',
      'our team threw away two weeks of work and felt better for it',
      'I opened a file I designed ten years ago and winced',
      'I found a beautifully worn instruction leaflet in a kitchen drawer',
    ],
    topics: [
      {
        title: 'What {x} Taught Me About Design',
        lede: 'I keep finding design lessons in unexpected places, and lately it was {x}. It does one job, does it without fuss, and has been doing it well for longer than I have been alive.',
        fills: [
          { title: 'a Paper Map', text: 'a paper map' },
          { title: 'My Grandfather’s Toolbox', text: 'my grandfather’s toolbox' },
          { title: 'a Train Timetable', text: 'a train timetable' },
          { title: 'a Good Kitchen', text: 'a good kitchen' },
          { title: 'an Old Typewriter', text: 'an old typewriter' },
          { title: 'a Museum Label', text: 'a museum label' },
        ],
      },
      {
        title: 'The Case for Fewer Fonts',
        lede: 'Most of the layouts I review have one typeface too many. Often two. Here is why I now start every project with a single family and only add another when the first one truly cannot do the job.',
      },
      {
        title: 'Designing for Thumbs: Notes on Mobile Layouts',
        lede: 'Phones are held, not placed on desks, and the thumb decides what is easy to reach. Designing with that in mind changes where buttons go, how menus open and what deserves the bottom of the screen.',
      },
      {
        title: 'Colour Palettes That Age Well',
        lede: 'Trendy colours date faster than any other design decision. The palettes that last tend to share a few traits, and none of them is “this year’s colour”.',
      },
      {
        title: 'A Beginner’s Guide to Grids',
        lede: 'A grid is not a cage; it is a promise that things will line up. Once you have one, a surprising number of layout decisions make themselves.',
      },
      {
        title: 'White Space Is Not Empty Space',
        lede: 'Clients sometimes ask us to “fill the gap”. The gap is doing work: it groups related things, separates unrelated ones and tells the eye where to rest.',
      },
      {
        title: 'How We Redesigned {x} in Two Weeks',
        lede: 'Two weeks, three people and one rule: nothing ships that we have not tested with a real user. This is the story of how we redesigned {x}, including the parts that did not work.',
        fills: [
          { title: 'a Recipe Card', text: 'a recipe card' },
          { title: 'Our Newsletter', text: 'our newsletter' },
          { title: 'a Café Menu', text: 'a café menu' },
          { title: 'a Library Website', text: 'a library website' },
          { title: 'a Bus Timetable', text: 'a bus timetable' },
        ],
      },
      {
        title: 'Designing Forms People Don’t Hate',
        lede: 'Nobody wakes up wanting to fill in a form. The best we can do is make it short, clear and forgiving, so that people finish it before they notice they have started.',
      },
      {
        title: 'Icons, Labels and the Myth of Universal Symbols',
        lede: 'An icon without a label is a riddle. A few symbols are understood everywhere; most are not, and the cost of guessing wrong falls on the user.',
      },
      {
        title: 'Sketching Before Pixels',
        lede: 'Every project I am proud of started on paper. A pencil is fast, cheap and gloriously imprecise, which is exactly what an early idea needs.',
      },
    ],
    paragraphs: [
      'Design is a series of decisions made on someone else’s behalf. The more we understand that someone, the better those decisions get. Five conversations with real users will teach you more than a month of debating in a meeting room. #designthinking',
      'Typography does most of the work in any interface. Choose a readable size, give the lines room to breathe and limit their length, and a page will feel calm before you have added a single colour. #typography',
      'Consistency is a kindness. When a button looks the same everywhere, people stop thinking about buttons and start thinking about their task. Every exception you add is a small tax on everyone who uses the product.',
      'Constraints are a gift. A tight brief, a small budget or a fixed format forces choices, and choices are where design actually happens. Unlimited options mostly produce unlimited meetings.',
      'Good design is often a matter of subtraction. Remove the thing nobody uses, the label nobody reads, the step nobody needs. What remains becomes clearer simply because it has less to compete with.',
      'Accessibility is not a separate feature but a measure of quality. Enough contrast, clear focus states and sensible headings help people with disabilities and everyone else, including you on a sunny day with a cracked phone screen.',
      'I keep a folder of things that work: a well-labelled light switch, a clever ticket machine, a book with perfect margins. When I am stuck, I open it and ask what those objects knew that I have forgotten.',
      'Architecture taught me more about interfaces than any software ever did. A good building tells you where the entrance is, where to wait and where to go next, without a single sign. #architecture',
      'Feedback is only useful when it is specific. “It doesn’t pop” tells a designer nothing; “I could not find the price” tells them exactly where to look. Learn to ask for the second kind.',
      'Colour should carry meaning, not decoration. If red means danger on one screen, it cannot mean “sale” on the next. Decide what each colour is for, write it down, and defend the decision.',
      'Prototypes beat presentations. A clickable sketch that people can hold in their hands ends debates that slides would have prolonged for weeks.',
      'Taste is built slowly, by looking at a lot of work and asking why it works. Visit museums, read old magazines, walk through well-designed buildings. Then come back and look at your own work with fresh, slightly embarrassed eyes.',
    ],
    headings: [
      'The problem',
      'What we tried first',
      'What actually worked',
      'A closer look',
      'Lessons worth keeping',
      'Where to start',
      'Common mistakes',
      'Further reading',
    ],
    lists: [
      {
        lead: 'A checklist I run before anything ships:',
        items: [
          'Can someone new tell what this page is for in five seconds?',
          'Is there one obvious next step?',
          'Does the text have enough contrast against its background?',
          'Does it still work at twice the font size?',
          'Have we removed at least one thing since the last review?',
        ],
      },
      {
        lead: 'How I approach a new layout:',
        ordered: true,
        items: [
          'Write the content first, or at least a realistic draft of it.',
          'Sketch three different arrangements on paper.',
          'Pick a grid and a type scale and stick to them.',
          'Build the ugliest working version and test it.',
          'Only then start on colour and detail.',
        ],
      },
      {
        lead: 'Small details that make a big difference:',
        items: [
          'Line lengths between 50 and 75 characters',
          'Generous spacing between paragraphs',
          'Buttons that look like buttons',
          'Error messages that say how to fix the problem',
        ],
      },
    ],
    quotes: [
      'If people need a manual, the design has already failed them.',
      'Every element on the page should earn its place.',
      'Simple is hard. That is why it is worth it.',
      'Design for the tired person on a small screen, and everyone else benefits.',
      'The details are not the details; they are the design.',
    ],
    closings: [
      'None of this is new, and that is rather the point. Good design principles age slowly. What are yours? I would love to read them in the comments.',
      'If you try any of these ideas in your own work, let me know how it goes. I learn the most from the projects where things went sideways.',
      'That is where we landed, for now. Design is never finished, only released.',
      'Next time you use something that just works, stop for a second and wonder who made it so. #designthinking',
    ],
    captions: [
      'Early sketches, before any of it made sense.',
      'A grid doing its quiet work.',
      'Colour studies pinned to the studio wall.',
      'The final layout, printed and taped to the window.',
    ],
  },
  technology: {
    tags: ['the-web', 'productivity', 'how-to', 'for-beginners', 'minimalism'],
    scenes: [
      'my laptop fan started to sound like a hairdryer',
      'a friend lost a year of photos to a dead hard drive',
      'I reviewed some code I had written and did not recognise it',
      'our site went down for an hour and nobody could say why',
      'a junior developer asked me what I would learn first today',
      'I counted the browser tabs I had open and closed all of them',
      'my phone asked for its third update in a week',
      'I spent a whole evening tidying my configuration files',
      'a reader wrote to say our pages were hard to use with her screen reader',
      'I ran an old project and it still built first time',
      'I cleared out a drawer of cables for devices I no longer own',
      'a colleague asked why our tests take so long',
      'I tried to explain my job to my grandmother',
      'an outage at a big provider took half my tools down with it',
      'I timed how long our home page took to load on a cheap phone',
      'I rebuilt a small tool from scratch just to see if I still could',
      'my password manager warned me about a password I had used twice',
    ],
    topics: [
      {
        title: 'Why I Switched to {x}',
        lede: 'I resisted for years, then switched to {x} in a single afternoon and have not looked back. Here is what changed, what I miss and what I would tell anyone thinking about doing the same.',
        fills: [
          { title: 'a Mechanical Keyboard', text: 'a mechanical keyboard' },
          { title: 'Plain Text Notes', text: 'plain text notes' },
          { title: 'a Static Site', text: 'a static site' },
          { title: 'a Single Monitor', text: 'a single monitor' },
          { title: 'a Password Manager', text: 'a password manager' },
        ],
      },
      {
        title: 'A Gentle Introduction to Web Performance',
        lede: 'Fast sites are not built with clever tricks but with a handful of boring habits. This is where I would start if I were new to the subject today.',
      },
      {
        title: 'Writing Code You Can Read in a Year',
        lede: 'The person most likely to read your code next is you, twelve months from now, tired and in a hurry. Be kind to them.',
      },
      {
        title: 'What I Learned Migrating {x}',
        lede: 'Migrating {x} was supposed to take a weekend. It took a month, and taught me more about the system than the five years before it.',
        fills: [
          { title: 'a Ten-Year-Old Database', text: 'a ten-year-old database' },
          { title: 'Our Blog to a New Server', text: 'our blog to a new server' },
          { title: 'a Photo Library to Open Formats', text: 'a photo library to open formats' },
          { title: 'a Legacy App to TypeScript', text: 'a legacy app to TypeScript' },
        ],
      },
      {
        title: 'Keyboard Shortcuts That Save Me an Hour a Week',
        lede: 'I timed myself for a week and was horrified by how long I spent reaching for the mouse. These are the shortcuts that gave me that hour back.',
      },
      {
        title: 'Testing Without Tears',
        lede: 'Tests have a reputation for being a chore. Written well, they are the opposite: the thing that lets you change code on a Friday afternoon and still enjoy your weekend.',
      },
      {
        title: 'Accessibility Is a Feature, Not a Checklist',
        lede: 'Treating accessibility as an audit at the end of a project guarantees it will be rushed. Building it in from the first line of markup is cheaper, faster and better for everyone.',
      },
      {
        title: 'The Joy of Small Tools',
        lede: 'My favourite software does one thing and does it well. No dashboard, no onboarding tour, no subscription: just a tool that starts instantly and gets out of the way.',
      },
      {
        title: 'Backups: The Boring Habit That Saves Careers',
        lede: 'Nobody thinks about backups until the day they need one. This post is a gentle nudge to think about them today, while it is still boring.',
      },
      {
        title: 'Caching, Explained With Coffee',
        lede: 'Caching is one of those ideas that sounds complicated and is not. If you have ever made a pot of coffee instead of a single cup, you already understand it.',
      },
    ],
    paragraphs: [
      'The web is fast by default. A plain HTML page with a little CSS loads in a blink on almost any connection. Most of the slowness we fight is slowness we added, one reasonable decision at a time. #webdev',
      'Measure before you optimise. It is astonishing how often the slow part of a system is not the part everyone suspects. A profiler and ten minutes of curiosity beat a week of guessing.',
      'Naming is most of programming. A function called “process” tells the reader nothing; one called “sendWelcomeEmail” tells them almost everything. Good names are documentation that cannot fall out of date.',
      'Small pull requests get better reviews. Nobody can meaningfully review two thousand lines, but everybody can review two hundred. Split the work, and the quality of the feedback goes up.',
      'Every dependency is a small act of trust. Before adding one, I ask how big it is, who maintains it and whether I could write the ten lines I actually need myself.',
      'Accessibility starts with semantic HTML. Use a button for buttons and a link for links, label your form fields and give images meaningful alternative text. Most of the work is simply not breaking what the browser gives you for free.',
      'Automate the boring parts. If you do something by hand three times, write a script. If the script breaks twice, write a test. Future you will be grateful, and future you is the one who gets paged at night.',
      'Good error messages are part of the interface. “Something went wrong” helps nobody; “The file is larger than 25 MB” tells people exactly what to do next.',
      'Caching is the closest thing we have to magic, and like magic it comes with a price: every cache is a promise that the copy is close enough to the truth. Know when that promise expires.',
      'Reading other people’s code is a skill worth practising. Pick a small open-source library you use every day and read it end to end. You will find clever tricks, odd decisions and the occasional bug, and you will learn from all three.',
      'Technology should respect people’s time and attention. No dark patterns, no needless notifications, no tracking nobody asked for. The best compliment a tool can get is that nobody thinks about it.',
      'Documentation is a love letter to your colleagues. A README that explains how to run the project, what the main pieces are and why the odd decisions were made saves hours for every new person who joins.',
    ],
    headings: [
      'The problem',
      'A quick example',
      'How it works',
      'What I measured',
      'Trade-offs',
      'Getting started',
      'Common pitfalls',
      'What I would do next',
    ],
    lists: [
      {
        lead: 'The performance habits I would start with:',
        ordered: true,
        items: [
          'Send HTML that is useful before any script runs.',
          'Give every image a width and a height.',
          'Serve images at the size they are shown.',
          'Load third-party scripts last, or not at all.',
          'Test on a slow phone at least once a week.',
        ],
      },
      {
        lead: 'Before adding a new dependency, I ask:',
        items: [
          'How much does it add to the bundle?',
          'When was it last updated, and by whom?',
          'Could I write the part I need in an afternoon?',
          'What happens if it disappears tomorrow?',
        ],
      },
      {
        lead: 'A backup plan that fits on a sticky note:',
        items: [
          'Three copies of everything that matters',
          'On two different kinds of storage',
          'One of them somewhere else entirely',
          'And a restore you have actually tested',
        ],
      },
    ],
    code: [
      [
        'export function debounce<T extends unknown[]>(fn: (...args: T) => void, ms: number) {',
        '  let timer: ReturnType<typeof setTimeout> | undefined;',
        '  return (...args: T) => {',
        '    clearTimeout(timer);',
        '    timer = setTimeout(() => fn(...args), ms);',
        '  };',
        '}',
      ].join('\n'),
      [
        '/* With width and height set in the HTML, the browser reserves the space: no jumps. */',
        '.article img {',
        '  max-width: 100%;',
        '  height: auto;',
        '}',
      ].join('\n'),
      [
        '# Nightly backup of the photo library, keeping deleted files for 30 days',
        'rsync -a --delete --backup --backup-dir="../deleted/$(date +%F)" \\',
        '  ~/Pictures/ /mnt/backup/pictures/',
        'find /mnt/backup/deleted -maxdepth 1 -mtime +30 -exec rm -rf {} +',
      ].join('\n'),
      [
        'CREATE INDEX posts_feed_idx',
        '  ON posts (site_id, is_pinned DESC, first_published_date DESC)',
        "  WHERE status = 'published';",
      ].join('\n'),
      [
        'const cache = new Map<string, Promise<Response>>();',
        '',
        'export function cachedFetch(url: string): Promise<Response> {',
        '  let pending = cache.get(url);',
        '  if (!pending) {',
        '    pending = fetch(url);',
        '    cache.set(url, pending);',
        '  }',
        '  return pending.then((res) => res.clone());',
        '}',
      ].join('\n'),
    ],
    quotes: [
      'Make it work, make it right, make it fast, in that order.',
      'The fastest code is the code you never ship.',
      'A test is a note to your future self that says: this mattered.',
      'Boring technology is a feature.',
      'If it hurts, do it more often, until it stops hurting.',
    ],
    closings: [
      'That is the whole trick. No silver bullets, just habits. If you have a favourite of your own, share it in the comments.',
      'I will follow up with the numbers in a month. Until then, happy building. #webdev',
      'As always, measure on your own setup before you trust anything I have written here.',
      'Questions, corrections and war stories are welcome below.',
    ],
    captions: [
      'The desk where most of this was written.',
      'Before and after, side by side.',
      'A whiteboard sketch of the whole system.',
      'The moment the numbers finally went down.',
    ],
  },
  wellness: {
    tags: ['mindfulness', 'slow-living', 'walking', 'for-beginners', 'productivity'],
    scenes: [
      'I noticed I had checked my phone before my feet touched the floor',
      'a friend asked me how I seemed so calm lately',
      'I took a day off and did not know what to do with it',
      'my doctor asked me a simple question I could not answer',
      'I found an old diary full of lists I never finished',
      'I realised I had not been outside all day',
      'a colleague asked me what had helped me most',
      'I slept badly three nights running and decided to pay attention',
      'I cleared my calendar for an afternoon and kept it clear',
      'my watch told me I had been sitting for six hours',
      'I said no to something and felt lighter at once',
      'a long walk solved a problem I had been stuck on for days',
      'I caught myself eating lunch standing up again',
      'a reader asked what a realistic routine looks like',
      'I turned off every notification except calls',
      'my breathing slowed down properly for the first time in weeks',
      'I noticed how much better I felt after an hour without a screen',
    ],
    topics: [
      {
        title: 'A Ten-Minute {x} Routine',
        lede: 'Ten minutes is short enough to do on your worst day and long enough to make a difference. This is the {x} routine I keep coming back to, with no equipment and no special clothes.',
        fills: [
          { title: 'Evening', text: 'evening' },
          { title: 'Stretching', text: 'stretching' },
          { title: 'Wind-Down', text: 'wind-down' },
          { title: 'Desk-Break', text: 'desk-break' },
          { title: 'Breathing', text: 'breathing' },
        ],
      },
      {
        title: 'Walking as Therapy',
        lede: 'Some of my clearest thinking has happened on foot. A walk is exercise, meditation and problem-solving at once, and it asks nothing of you but time.',
      },
      {
        title: 'What Happened When I Put My Phone in a Drawer',
        lede: 'For thirty evenings my phone went into a kitchen drawer at eight o’clock. The first three nights were strange. The rest were the calmest I have had in years.',
      },
      {
        title: 'Sleep Is the Habit That Makes Every Other Habit Easier',
        lede: 'I spent years trying to fix my mornings before I realised the problem started the night before. Better sleep made everything else, from exercise to patience, noticeably easier.',
      },
      {
        title: 'Learning to Rest Without Guilt',
        lede: 'Rest is not a reward for finishing your work. It is part of the work, and learning to take it without apology has been one of the hardest and best things I have done.',
      },
      {
        title: 'Cooking as a Form of Care',
        lede: 'On difficult weeks, the simplest thing I can do for myself is cook a proper meal. Not an elaborate one, just something warm, made slowly, eaten at a table.',
      },
      {
        title: 'Small Steps Toward a Calmer Week',
        lede: 'Calm does not arrive with a big decision. It builds up from small ones: a cleared desk, a shorter list, a walk at lunchtime, an early night.',
      },
      {
        title: 'The Case for Doing One Thing at a Time',
        lede: 'Multitasking feels productive and rarely is. Doing one thing at a time feels slow and rarely is. It took me an embarrassingly long time to accept both halves of that.',
      },
      {
        title: 'Notes From a Month Without Caffeine',
        lede: 'I gave up coffee for a month, mostly to prove that I could. I was grumpy for a week, surprisingly clear-headed for three, and I have some thoughts.',
      },
      {
        title: 'Finding Quiet in a Noisy City',
        lede: 'City life is loud, and quiet has to be looked for. Over the years I have built a small map of peaceful places: a chapel garden, a library corner, a bench by the canal.',
      },
    ],
    paragraphs: [
      'Start smaller than feels useful. Five minutes of stretching that you actually do beats an hour-long routine you abandon by Thursday. Habits grow from consistency, not intensity. #mindfulmornings',
      'Sleep is the foundation everything else stands on. A regular bedtime, a dark room and a screen-free last half hour did more for my mood than any supplement or app.',
      'Walking counts. It does not need special shoes, a gym membership or a tracker. Twenty minutes around the block at lunchtime clears the head and loosens the shoulders like little else.',
      'Notice your breathing a few times a day. Not to change it, just to notice. It is a small pause that brings you back into your body and out of the endless conversation in your head.',
      'Rest is productive. The ideas that eluded me all afternoon tend to arrive in the shower, on a walk or halfway through a nap. The brain keeps working when we stop pushing it.',
      'Be kind to yourself on the bad days. A routine is a support, not a test, and skipping it once is not failure. Tomorrow is another chance, and so is this evening. #slowliving',
      'Time outdoors is medicine we forget to take. Even a few minutes of daylight in the morning helps set the body clock, and a glimpse of green through a window lowers the pulse more than we expect.',
      'Our phones are designed to be hard to put down. Making them a little less convenient helps: move the distracting apps off the home screen, turn off notifications you never asked for and charge the phone outside the bedroom.',
      'Eating well does not require a plan with a name. More vegetables, more water, meals eaten sitting down and not in front of a screen: the basics are unglamorous and they work.',
      'Friendship is a health habit too. A phone call with an old friend, a walk with a neighbour, dinner with people who make you laugh. Loneliness is as hard on the body as any bad habit.',
      'Movement is not punishment for what you ate. Find a kind you enjoy, whether dancing in the kitchen, swimming or gardening, and it stops feeling like a chore and starts feeling like play.',
      'Write things down. A short list before bed empties the mind of tomorrow’s tasks, and a line about what went well today trains the eye to look for it.',
    ],
    headings: [
      'Why it matters',
      'How to start',
      'What helped me',
      'When it gets hard',
      'A simple practice',
      'What changed',
      'Be gentle with yourself',
      'One small step',
    ],
    lists: [
      {
        lead: 'A wind-down routine for the last half hour of the day:',
        ordered: true,
        items: [
          'Dim the lights and put the phone on charge in another room.',
          'Tidy one small surface, just one.',
          'Write tomorrow’s three most important tasks on paper.',
          'Read something printed until your eyes feel heavy.',
        ],
      },
      {
        lead: 'Small habits that added up for me:',
        items: [
          'A glass of water before the first coffee',
          'A walk after lunch, whatever the weather',
          'No email before nine in the morning',
          'One evening a week with no plans at all',
        ],
      },
      {
        lead: 'Signs I need to slow down:',
        items: [
          'I read the same paragraph three times.',
          'Small noises start to irritate me.',
          'I skip meals without noticing.',
          'I cannot remember the last time I was bored.',
        ],
      },
    ],
    quotes: [
      'Rest is not the opposite of work; it is what makes good work possible.',
      'Small, boring, repeatable: the three secrets of every habit that lasts.',
      'You cannot pour from an empty cup.',
      'Slow down long enough to notice what you are rushing past.',
      'The body keeps the score, so keep it kindly.',
    ],
    closings: [
      'Go gently this week. If you try any of this, I would love to hear how it felt.',
      'None of this is medical advice, just notes from one person trying to live a little better. Take what helps and leave the rest.',
      'Tell me in the comments what helps you rest. I am always collecting ideas. #slowliving',
      'Start tonight, start small, and be patient with yourself.',
    ],
    captions: [
      'The bench where most of my thinking happens.',
      'Morning light, before the day gets busy.',
      'A walk by the water, phone left at home.',
      'Tea, a blanket and nowhere to be.',
    ],
  },
  books: {
    tags: ['reading-lists', 'seasonal', 'slow-living', 'interviews'],
    scenes: [
      'I moved house and had to decide which books came with me',
      'a friend asked me for one book to take on holiday',
      'I found a bus ticket I had used as a bookmark years ago',
      'the library wrote to say my reservations were ready',
      'I counted the unread books by my bed and stopped at thirty',
      'a stranger on the train was reading my favourite novel',
      'my book club argued for two hours about a single chapter',
      'I reread a book I loved at twenty and saw it differently',
      'a reader asked me how I find the time to read',
      'I finished a novel at two in the morning and could not sleep',
      'I found a stranger’s note in the margin of a secondhand copy',
      'my nephew asked me what I read when I was his age',
      'I gave away a box of books and kept only one from it',
      'I spent an hour in a bookshop and left with something I had never heard of',
      'a friend returned a book I had forgotten lending her',
      'I tidied my reading journal and noticed a pattern',
      'I started three books in one week and finished none of them',
    ],
    topics: [
      {
        title: 'Books to Read on a {x}',
        lede: 'Some books suit a particular kind of day. These are the ones I would pack for a {x}, chosen for their pace, their length and their ability to make the hours disappear.',
        fills: [
          { title: 'Long Train Journey', text: 'long train journey' },
          { title: 'Rainy Weekend', text: 'rainy weekend' },
          { title: 'Summer Holiday', text: 'summer holiday' },
          { title: 'Sleepless Night', text: 'sleepless night' },
          { title: 'Quiet Sunday', text: 'quiet Sunday' },
        ],
      },
      {
        title: 'Why I Reread My Favourite Novels Every Winter',
        lede: 'Every December I return to the same three novels. I know how they end, and that is exactly the point: rereading is less about the story than about who I am when I read it.',
      },
      {
        title: 'How Our Book Club Survived Its Fifth Year',
        lede: 'Book clubs usually die of good intentions: too many long books, too little time, too much wine. Ours is five years old, and we have learned a few things about keeping one alive.',
      },
      {
        title: 'In Praise of Short Books',
        lede: 'There is a special pleasure in a book you can finish in an afternoon. Short books are not lesser books; often they are the ones where every sentence has been fought for.',
      },
      {
        title: 'The Joy of a Secondhand Bookshop',
        lede: 'You never know what you will find in a secondhand bookshop, and that is the whole appeal. Mine has a cat, a sagging armchair and a poetry section arranged by the owner’s mood.',
      },
      {
        title: 'Reading More Without Trying Harder',
        lede: 'I used to read ten books a year and wished it were more. Now I read about forty, and it has nothing to do with discipline and everything to do with a few small changes.',
      },
      {
        title: 'Notes on Keeping a Reading Journal',
        lede: 'For three years I have written a few lines about every book I finish. It started as a memory aid and became one of my favourite habits.',
      },
      {
        title: 'What I Read This {x}',
        lede: 'Another season, another teetering pile by the bed. Here is what I read this {x}, what stayed with me and what I quietly returned to the library unfinished.',
        fills: [
          { title: 'Spring', text: 'spring' },
          { title: 'Summer', text: 'summer' },
          { title: 'Autumn', text: 'autumn' },
          { title: 'Winter', text: 'winter' },
        ],
      },
      {
        title: 'Stories Set in Cities I Love',
        lede: 'Reading a novel set in a city you know is like visiting with a friend who notices different things. These are the books that made familiar streets strange again.',
      },
      {
        title: 'Learning to Abandon a Book',
        lede: 'For most of my life I finished every book I started, out of some vague sense of duty. Giving myself permission to stop was the best thing I ever did for my reading.',
      },
    ],
    paragraphs: [
      'I always carry a book. Queues, waiting rooms and delayed trains become small gifts of reading time, and over a year those minutes add up to a surprising number of pages. #bookclub',
      'The library is the most generous institution in any town. Free books, free warmth, free quiet, and librarians who will happily spend twenty minutes helping you find something you did not know you wanted.',
      'Reading slowly is underrated. I used to race through novels to find out what happened; now I linger on the sentences, reread the good pages and finish fewer books with more pleasure.',
      'The best recommendations come from people, not algorithms. A friend who says “this made me think of you” has done something no recommendation engine can: they have read the book and read you.',
      'Poetry is the ideal reading for busy weeks. A single poem fits into a coffee break, and a good one will keep you company for the rest of the day.',
      'I write in my books. A pencil line under a sentence that struck me, a question in the margin, the date I finished. Opening an old paperback and finding my younger self’s notes is one of reading’s quiet pleasures.',
      'Audiobooks count. Listening on a walk or while cooking has brought me books I would never have found time for, and a good narrator can make a familiar story new.',
      'Translated fiction opened my reading up more than anything else. Every language carries its own way of telling a story, and a good translator lets you hear it. #readinglist',
      'A reading list is a suggestion, not a syllabus. I keep mine long and loose, and I give myself permission to follow whatever book is calling loudest that week.',
      'Children’s books are not just for children. Some of the wisest and funniest writing I know is in picture books, and rereading the ones I loved as a child is a joy.',
      'Secondhand books carry their own stories: an inscription on the flyleaf, a bus ticket used as a bookmark, a pressed flower at chapter nine. I like to imagine who read them before me.',
      'Reading before bed is the best sleep aid I know. Paper, a warm lamp and a story that is not too thrilling: twenty pages and my eyes are closing on their own.',
    ],
    headings: [
      'Why this book',
      'What stayed with me',
      'A few favourites',
      'For the next book club',
      'If you only read one',
      'What I am reading next',
      'On rereading',
      'A note on translation',
    ],
    lists: [
      {
        lead: 'How I find time to read:',
        items: [
          'A book in every bag, and one by the bed',
          'Twenty pages before looking at a screen in the morning',
          'Audiobooks for walks and washing up',
          'Permission to stop reading books I do not enjoy',
        ],
      },
      {
        lead: 'Our book club’s house rules:',
        ordered: true,
        items: [
          'Nothing longer than four hundred pages.',
          'The person who chose the book hosts.',
          'It is fine to come without having finished.',
          'Food first, discussion second.',
        ],
      },
      {
        lead: 'What I note in my reading journal:',
        items: [
          'The date I started and finished',
          'Where I was when I read it',
          'One sentence I want to remember',
          'Whom I would lend it to',
        ],
      },
    ],
    quotes: [
      'A book is a conversation with someone who cannot hear you answer.',
      'The right book at the right time is a kind of friendship.',
      'Read what you love until you love to read.',
      'Every bookshelf is an autobiography.',
      'There is no such thing as a guilty pleasure, only pleasure.',
    ],
    closings: [
      'What are you reading at the moment? Tell me in the comments; my list is long, but there is always room for one more. #bookclub',
      'Happy reading, wherever you are, and whatever is on your bedside table.',
      'If you pick up any of these, let me know what you thought. I love to be argued with about books.',
      'See you at the library.',
    ],
    captions: [
      'The pile by the bed, slightly out of control.',
      'A Sunday afternoon with nowhere to be.',
      'The secondhand bookshop, and its resident cat’s favourite chair.',
      'Notes in the margin from years ago.',
    ],
  },
  photography: {
    tags: ['film-photography', 'street', 'for-beginners', 'how-to', 'seasonal'],
    scenes: [
      'I cleared my memory cards and found pictures I had forgotten taking',
      'a friend asked me which camera she should buy',
      'I printed a photograph for the first time in years',
      'a stranger asked me to take their picture and then asked for tips',
      'I scrolled back through a year of photos on my phone',
      'my camera bag came out of the cupboard after months of waiting',
      'a reader sent me a picture and asked what she could do better',
      'I found a box of my father’s negatives in the attic',
      'I went out with one lens and no plan',
      'someone asked me why I still carry a camera when I have a phone',
      'I deleted two thousand pictures and kept forty',
      'a photograph I took years ago turned up on a friend’s wall',
      'I walked the same street with a camera three days in a row',
      'I spent an evening with the work of a photographer I admire',
      'my phone told me its storage was full, again',
      'I framed a print for my mother and she asked how I took it',
      'I came home from a long walk with one frame I really liked',
    ],
    topics: [
      {
        title: 'Shooting {x} With a Phone',
        lede: 'The best camera is the one in your pocket, and today’s phones handle {x} remarkably well, if you know their limits. These are the habits that made the biggest difference to my pictures.',
        fills: [
          { title: 'Portraits', text: 'portraits' },
          { title: 'Night Scenes', text: 'night scenes' },
          { title: 'Food', text: 'food' },
          { title: 'Landscapes', text: 'landscapes' },
          { title: 'Street Scenes', text: 'street scenes' },
        ],
      },
      {
        title: 'Why I Only Carry One Camera Now',
        lede: 'I used to leave the house with two bodies, four lenses and a sore back. These days it is one small camera, and my photographs have never been better.',
      },
      {
        title: 'Golden Hour Is Overrated; Try Blue Hour',
        lede: 'Everyone chases the warm light before sunset. The twenty minutes after it, when the sky turns deep blue and the city lights come on, are where I find my favourite pictures.',
      },
      {
        title: 'Back to Film After Ten Years',
        lede: 'After a decade of digital I loaded a roll of film into my father’s old camera. Thirty-six frames, no screen, no second chances, and the most fun I have had with photography in years.',
      },
      {
        title: 'Editing Photos Without Losing the Moment',
        lede: 'Editing should bring a photograph closer to how the moment felt, not further from it. Here is my light-touch approach, and the sliders I have learned to leave alone.',
      },
      {
        title: 'The Ethics of Street Photography',
        lede: 'Photographing strangers in public is legal in many places. Whether it is kind is a different question, and one every street photographer should keep asking.',
      },
      {
        title: 'Composition Tricks I Use Every Day',
        lede: 'Rules of composition are really just habits of seeing. These are the ones I reach for most often, and the times I break them on purpose.',
      },
      {
        title: 'Printing Your Photos Changes Everything',
        lede: 'A photograph on a screen is scrolled past in a second. A print on the wall is lived with for years. Printing my work changed how I shoot, what I keep and what I throw away.',
      },
      {
        title: 'How to Photograph {x}',
        lede: 'Most people put the camera away when the weather turns. That is a mistake: {x} can make ordinary streets look like film sets, if you know where to stand.',
        fills: [
          { title: 'Rain', text: 'rain' },
          { title: 'Fog', text: 'fog' },
          { title: 'Snow', text: 'snow' },
          { title: 'Harsh Midday Light', text: 'harsh midday light' },
        ],
      },
      {
        title: 'Building a Photo Habit, One Frame a Day',
        lede: 'For a year I took one photograph every day and kept only one. Some days it was a sunset; many days it was my kitchen table. All of them taught me something.',
      },
    ],
    paragraphs: [
      'Light is everything. The same street looks completely different at seven in the morning, at noon and at dusk. Before worrying about settings, learn to notice where the light comes from and what it falls on. #streetphotography',
      'Get closer. Most photographs I take that do not work are simply too far away from their subject. Take a step forward, then another, and see how the picture changes.',
      'Look at the edges of the frame before you press the shutter. The subject in the middle is usually fine; it is the lamp post growing out of someone’s head that ruins the shot.',
      'Shoot more, keep less. I take hundreds of pictures on a walk and keep a handful. Editing ruthlessly is the fastest way to learn what you actually like.',
      'Film slows you down in the best way. With thirty-six frames and no screen, every shot becomes a decision, and the wait for the developed roll is its own small pleasure. #filmisnotdead',
      'People are the hardest and most rewarding subject. Ask permission when you can, smile when you are seen, and share the picture if someone asks. Respect makes better photographs.',
      'Bad weather is good weather for photography. Rain adds reflections, fog adds mystery and snow simplifies a busy scene into shapes. Protect the camera, not yourself.',
      'Study photographs you love. Not the gear used to take them but the decisions: where the photographer stood, what they left out, when they chose to press the button.',
      'Editing is seasoning, not cooking. A little contrast, a gentle crop, a straightened horizon. If the edit is the first thing people notice, it has gone too far.',
      'Walk the same route with a camera many times. The first walk you photograph the obvious; by the tenth you start to see the subtle things that only reveal themselves to patience.',
      'The best camera is the one you have with you. A phone in your pocket beats an expensive camera left at home, and its limits will teach you to see rather than to fiddle.',
      'Print your favourites. A photograph on paper is something you live with, and seeing your work at size reveals strengths and flaws that a screen politely hides.',
    ],
    headings: [
      'The setup',
      'Finding the light',
      'On composition',
      'Settings I used',
      'What went wrong',
      'Editing',
      'Try this',
      'The one I kept',
    ],
    lists: [
      {
        lead: 'What is in my bag on a normal day:',
        items: [
          'One small camera with a fixed 35 mm lens',
          'A spare battery and a spare card',
          'A soft cloth for the lens',
          'A plastic bag for when the rain arrives',
        ],
      },
      {
        lead: 'A simple exercise for a new place:',
        ordered: true,
        items: [
          'Walk for twenty minutes without taking a single photograph.',
          'Write down three things you noticed.',
          'Go back and photograph only those three things.',
          'Pick one frame and print it.',
        ],
      },
      {
        lead: 'Composition habits worth practising:',
        items: [
          'Check the edges of the frame before the centre',
          'Look for layers: foreground, subject, background',
          'Wait for a person to walk into the scene',
          'Try the same shot from lower and higher',
        ],
      },
    ],
    quotes: [
      'Photography is the art of paying attention.',
      'If your pictures aren’t good enough, you probably aren’t close enough.',
      'The light does not wait, so neither should you.',
      'A photograph is a decision about what to leave out.',
      'Slow down, look twice, press once.',
    ],
    closings: [
      'Try it on your next walk and share what you find. I love seeing how others see the same city.',
      'That is all for this one. Now go outside, the light is probably doing something interesting. #streetphotography',
      'Questions about settings or gear are welcome in the comments, though I will probably tell you to get closer.',
      'Until next time: shoot more, keep less, print the best.',
    ],
    captions: [
      'Blue hour, ten minutes after the street lights came on.',
      'The only frame I kept from that walk.',
      'Rain on the tram window, on the way home.',
      'A contact sheet from the first roll in ten years.',
    ],
  },
  'city-life': {
    tags: ['walking', 'architecture', 'coffee', 'slow-living', 'interviews', 'on-a-budget'],
    scenes: [
      'a neighbour I had never spoken to waved at me from a balcony',
      'I missed the last tram and walked home instead',
      'a friend visiting from the countryside asked how I stand the noise',
      'the corner shop changed hands and the whole street noticed',
      'I counted how many languages I heard on one bus ride',
      'someone slipped a flyer for a street meeting under my door',
      'I found a shortcut through a courtyard I had passed a hundred times',
      'the council put up new benches and people actually used them',
      'a busker I had walked past for years finally played my request',
      'I helped a tourist find her way and realised how much I love this place',
      'the baker on our corner remembered my order without asking',
      'I spent a whole day without leaving my neighbourhood',
      'I looked up from my phone and noticed a building I had never seen',
      'a power cut sent the whole block out onto the pavement',
      'I watched the city from a rooftop for the first time',
      'our street’s group chat argued for a week about bins',
      'a new café opened in a shop that had been empty for years',
    ],
    topics: [
      {
        title: 'A Perfect Saturday in the {x}',
        lede: 'Every neighbourhood has its own rhythm, and in {x}, Saturday starts late and ends even later. This is how I would spend one, from the first coffee to the last tram home.',
        fills: NEIGHBOURHOODS,
      },
      {
        title: 'Notes From the Night Bus',
        lede: 'The night bus is the city’s most honest room. Nurses going to work, students coming home, a man with a cello and a woman asleep on her shopping: I have been taking notes.',
      },
      {
        title: 'Our Street’s Summer Party, Year Three',
        lede: 'Three years ago a neighbour put a table on the pavement and invited everyone to bring a dish. Now we close the street, hire a sound system and argue about the cake competition.',
      },
      {
        title: 'The Best Benches in the City',
        lede: 'A good bench is a public gift: a place to sit that asks nothing in return. I spent a month finding the best ones, ranked by view, shade and how long people linger.',
      },
      {
        title: 'Living Small: Two Years in a Studio Flat',
        lede: 'Twenty-eight square metres, one window and a kitchen the size of a wardrobe. Living small has taught me what I need, what I don’t, and how to host six people for dinner anyway.',
      },
      {
        title: 'Cycling to Work Through Winter',
        lede: 'Cycling in summer is easy. Cycling in January, in the dark and the drizzle, is a different sport. Here is what got me through the season without once taking the car.',
      },
      {
        title: 'The Library Is the Best Free Room in Town',
        lede: 'Warm, quiet, full of books and open to everyone: the public library is the best room in the city, and it costs nothing to walk in.',
      },
      {
        title: 'What the Market Traders Know',
        lede: 'I spent a Saturday morning behind the stalls of our weekly market, asking the traders what they have learned about the city. They know more than any urban planner.',
      },
      {
        title: 'Finding Green Space in the {x}',
        lede: 'Even the densest part of the city hides its green corners. In {x} they are tucked behind churches, on rooftops and along an old railway line that nobody uses any more.',
        fills: NEIGHBOURHOODS,
      },
      {
        title: 'How to Meet Your Neighbours',
        lede: 'We lived next door to the same people for four years before we learned their names. It took one plate of biscuits to fix that, and it changed how the whole street feels.',
      },
    ],
    paragraphs: [
      'The best way to know a city is on foot. From a car you see destinations; walking, you see everything in between: the courtyards, the hand-painted signs, the old men playing chess in the square. #citywalks',
      'Neighbourhoods are made by small businesses. The hardware shop that lends you a ladder, the bakery that saves the last loaf, the tailor who fixes a hem while you wait. Spend your money where you want to live.',
      'Public space is a city’s living room. Parks, squares, libraries and wide pavements are where strangers share the same air, and a city with good public space feels friendlier even when nobody is talking.',
      'I keep a list of free things to do: museums on the first Sunday, concerts in churches, walking tours run by volunteers. City life is expensive, but its best parts often cost nothing.',
      'Look up. Above the shop signs, the buildings tell their own story in carved stone, old advertisements and windows that have seen a hundred years of weather. #architecture',
      'Night changes a city. The same street that bustles at noon becomes quiet and strange after midnight, lit by shop windows and the occasional taxi. I like to walk home the long way.',
      'Markets are the heart of a neighbourhood. They are where gossip travels, where seasons announce themselves in fruit and where you can buy a kilo of tomatoes and a second-hand lamp in the same ten minutes.',
      'Cycling turned my city from a map of bus routes into a single connected place. Distances shrank, hills revealed themselves and I started to notice which streets had trees.',
      'Small flats teach big lessons. With less room, every object has to earn its place, and you learn to love the café, the park and the library as extensions of your home.',
      'Community does not happen by accident. It happens because someone organises the street party, starts the allotment or knocks on a door with a plate of biscuits. Be that someone once a year.',
      'A good café is a third place: not home, not work, but somewhere to be among people. The best ones let you stay for hours on a single coffee and remember your name by the second week. #coffeebreak',
      'Cities are loud, but quiet is always nearby if you know where to look: a chapel garden, a museum courtyard, the top floor of the library on a weekday morning.',
    ],
    headings: [
      'Getting around',
      'Where to eat',
      'The people',
      'A walk to try',
      'Things worth knowing',
      'Morning',
      'Evening',
      'Why it matters',
    ],
    lists: [
      {
        lead: 'My favourite free things to do in the city:',
        items: [
          'The museum on the first Sunday of the month',
          'Lunchtime concerts at the old church',
          'The riverside walk from the bridge to the docks',
          'People-watching from the library’s top floor',
        ],
      },
      {
        lead: 'How to get to know a new neighbourhood:',
        ordered: true,
        items: [
          'Walk every street within ten minutes of your door.',
          'Find a regular café and become a regular.',
          'Use the local shops before the big ones.',
          'Say hello to the same people every day.',
          'Go to one community event, however small.',
        ],
      },
      {
        lead: 'Winter cycling, the short version:',
        items: [
          'Bright lights, front and back, on all the time',
          'Mudguards, and then more mudguard',
          'Waterproof gloves a size too big',
          'A change of socks at the office',
        ],
      },
    ],
    quotes: [
      'A city is not its buildings. It is the people who say good morning to each other.',
      'The best parts of the city are free, and most of them are outside.',
      'Walk slowly enough and every street becomes a story.',
      'Community is a verb.',
      'Look up, the city has been waiting for you to notice.',
    ],
    closings: [
      'What is your favourite corner of the city? Tell me in the comments; I am always looking for my next walk. #citywalks',
      'See you around the neighbourhood.',
      'If you have a story about your street, I would love to hear it.',
      'Go outside, say hello to someone, and buy your bread from the bakery on the corner.',
    ],
    captions: [
      'Saturday morning at the market.',
      'The bench with the best view in town.',
      'Our street, the evening of the party.',
      'The last tram home.',
    ],
  },
};

/**
 * When the scene that opens a composed post happened (see `openingSentence`). Sixteen of them,
 * none naming a time of day, so any of them goes with any scene.
 */
const MOMENTS: readonly string[] = [
  'Last October',
  'One Tuesday in March',
  'A few weeks ago',
  'Late last summer',
  'The week after New Year',
  'One grey weekend in February',
  'On the first warm weekend of spring',
  'A few days before my birthday',
  'Halfway through a long November',
  'Early in January',
  'Just after the clocks went back',
  'One weekend in early June',
  'Two winters ago',
  'At the end of a busy September',
  'Over the Easter holidays',
  'Not long ago',
];

/** How many composed-post topics each category has (titles beyond that repeat with new fills). */
export function topicCount(category: string): number {
  return WRITING[category]?.topics.length ?? 0;
}

/** Slugs of the demo categories with writing pools (the top-level ones). */
export const COMPOSABLE_CATEGORIES: readonly string[] = DEMO_CATEGORIES.map((c) => c.slug);

function fillText(template: string, fill: Fill | undefined, sentence: boolean): string {
  if (!fill) return template;
  return template.replaceAll('{x}', sentence ? (fill.text ?? fill.title) : fill.title);
}

/** A title case first letter, for sentences that open with a fill. */
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The sentence a composed post opens with: a moment and a scene of its category, picked by the
 * post's ordinal. Issue 23: what a feed card or a search result shows of a post comes from its
 * first words (SPEC §9: the first 700 characters), and in larger corpora topics and their ledes
 * come round again, so the opening must vary by itself. The moment is the ordinal modulo 16 (moved
 * along by category, so the categories' first posts do not all open on the same one), the scene
 * the ordinal modulo 17; 16 and 17 have no common factor, so the first 16 × 17 = 272 posts of a
 * category each get a pair of their own (the 2000-post seed has 248 per category), and with the
 * topic (modulo 10) the whole opening paragraph repeats only after 1360.
 */
function openingSentence(category: string, scenes: readonly string[], ordinal: number): string {
  const shift = 5 * Math.max(0, COMPOSABLE_CATEGORIES.indexOf(category));
  const moment = MOMENTS[(ordinal + shift) % MOMENTS.length]!;
  return `${moment}, ${scenes[ordinal % scenes.length]!}.`;
}

/**
 * The three body paragraphs of a composed post. Issue 23: posts drawing the same paragraphs near
 * their start showed one search excerpt for several posts (a result's excerpt comes from the first
 * 700 characters, SPEC §9). The first two go round the pool by the post's ordinal, two new ones
 * per post, so that the first posts of a category (all of them in the demo blog: its pools hold two
 * paragraphs per post) open with paragraphs of their own; the third is the first of the drawn ones
 * not already taken.
 */
function openingParagraphs(
  paragraphs: readonly string[],
  ordinal: number,
  sampled: readonly string[],
): [string, string, string] {
  const first = paragraphs[(2 * ordinal) % paragraphs.length]!;
  const second = paragraphs[(2 * ordinal + 1) % paragraphs.length]!;
  const third = sampled.find((text) => text !== first && text !== second) ?? sampled[0]!;
  return [first, second, third];
}

/**
 * Composes a post of `category` from its pools: `ordinal` (the post's number within its category)
 * picks the topic, so that the first posts of a category all have different titles; `random`
 * picks the fill, the paragraphs and the shape. The result has 4–9 blocks and reads as one
 * coherent piece: an opening tied to the title, body paragraphs, headings, sometimes a list, a
 * quote, a code block (technology) and a divider before the closing line.
 */
export function composePost(random: Random, category: string, ordinal: number): DemoPost {
  const writing = WRITING[category];
  if (!writing) throw new Error(`No writing pool for category '${category}'`);
  const topic = writing.topics[ordinal % writing.topics.length]!;
  // Walk the fills in order across rounds of topics, so early posts never repeat a title.
  const round = Math.floor(ordinal / writing.topics.length);
  const fill = topic.fills
    ? topic.fills[(round * 7 + ordinal * 3) % topic.fills.length]
    : undefined;
  const title = fillText(topic.title, fill, false);
  const lede = `${openingSentence(category, writing.scenes, ordinal)} ${capitalise(fillText(topic.lede, fill, true))}`;
  const subcategory = fill?.subcategory ?? topic.subcategory;
  const pools: WritingPools = {
    ...writing,
    ...(subcategory ? writing.bySubcategory?.[subcategory] : undefined),
  };
  const sampled = random.sample(pools.paragraphs, 3);
  const body = openingParagraphs(pools.paragraphs, ordinal, sampled);
  const headings = random.sample(pools.headings, 2);
  const blocks: DemoBlock[] = [p(lede), p(body[0]!)];
  const budget = random.int(4, 9);
  const wantsList = random.chance(0.45);
  const wantsCode = writing.code !== undefined && random.chance(0.75);
  const wantsQuote = random.chance(0.5);
  blocks.push(h(headings[0]!));
  if (wantsCode && writing.code) blocks.push(code(random.pick(writing.code)));
  else if (wantsList) {
    const chosen = random.pick(pools.lists);
    blocks.push(p(chosen.lead), {
      type: chosen.ordered ? 'ordered' : 'bulleted',
      items: chosen.items,
    });
  }
  if (blocks.length < budget) blocks.push(p(body[1]!));
  if (wantsQuote && blocks.length < budget) blocks.push(quote(random.pick(pools.quotes)));
  if (blocks.length + 2 <= budget) blocks.push(h(headings[1]!), p(body[2]!));
  const closing = random.pick(pools.closings);
  if (blocks.length + 2 <= budget && random.chance(0.5)) blocks.push(hr);
  if (blocks.length < 9) blocks.push(p(closing));
  const extraTags = random.sample(writing.tags, random.int(0, 3));
  // The opening is the lede and two paragraphs of the post's own (see `openingParagraphs`); the
  // blocks above are drawn as before, so the generator's stream, and the rest of the blog, stay.
  const second = blocks.findIndex((block) => block.type === 'paragraph' && block.text === body[1]);
  if (second !== -1) blocks.splice(second, 1);
  blocks.splice(2, 0, p(body[1]!));
  return {
    title,
    category,
    subcategory,
    tags: extraTags,
    blocks,
  };
}

/** A caption for an image inside a post of `category`. */
export function captionFor(random: Random, category: string): string {
  const writing = WRITING[category] ?? WRITING.travel!;
  return random.pick(writing.captions);
}

/**
 * Sentences that introduce an embedded video; `{film}` is the film's title (issue 23: without it,
 * the video posts that drew the same sentence showed the same search excerpt).
 */
export const VIDEO_INTROS: readonly string[] = [
  'I keep coming back to {film} when I need a reminder of how much a few minutes of careful work can hold.',
  'If you have ten minutes and a cup of tea, {film} is a lovely way to spend them.',
  'Here is {film}, a short film I watched three times in a row, noticing something new each time.',
  '{film} says it better than I can, so I will let the film speak for a while.',
];

/** A video introduction (one of VIDEO_INTROS) naming its film. */
export function videoIntro(template: string, film: string): string {
  return template.replaceAll('{film}', film);
}

/** Video URLs for video posts: Blender Foundation open films, free to share and embed. */
export const DEMO_VIDEOS: readonly { url: string; title: string }[] = [
  { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Big Buck Bunny' },
  { url: 'https://www.youtube.com/watch?v=eRsGyueVLvQ', title: 'Sintel' },
  { url: 'https://www.youtube.com/watch?v=R6MlUcmOul8', title: 'Tears of Steel' },
  { url: 'https://www.youtube.com/watch?v=WhWc3b3KhnY', title: 'Spring' },
  { url: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c', title: 'Cosmos Laundromat' },
];

/** Draft posts: the writers' unfinished work. */
export const DRAFT_POSTS: readonly DemoPost[] = [
  {
    title: 'Notes for a Guide to Night Trains',
    category: 'travel',
    subcategory: 'europe',
    tags: ['weekend-trips'],
    author: 'owner',
    blocks: [
      p(
        'A first draft. I want to cover booking, what to pack and how to actually sleep on a moving train.',
      ),
      h('Booking'),
      p('Book early for the couchettes; the seats are cheaper but nobody sleeps in them.'),
      ul(
        'Earplugs',
        'A scarf for the air conditioning',
        'Breakfast, because the dining car never opens',
      ),
    ],
  },
  {
    title: 'Sourdough for People Who Kill Starters',
    category: 'food',
    subcategory: 'recipes',
    tags: ['baking', 'for-beginners'],
    author: 'writer-sofia',
    blocks: [
      p('I have killed four starters. This is the method that finally kept the fifth one alive.'),
      h('Feeding schedule'),
      p(
        'Once a day, same time, equal weights of flour and water. That is really all there is to it.',
      ),
      p('To do: photos of the bubbles at day three, and the first loaf.'),
    ],
  },
  {
    title: 'What I Learned From a Year of Code Reviews',
    category: 'technology',
    tags: ['productivity'],
    author: 'writer-kenji',
    blocks: [
      p('Outline: kindness, small changes, asking questions instead of giving orders.'),
      h('Ask, don’t tell'),
      p('“Could we name this after what it does?” lands better than “Rename this.”'),
      code('// TODO: add the example from the payments refactor'),
    ],
  },
];

/**
 * The post scheduled for the near future. Sofia's, the seeded writer's, so that her My posts
 * page has a post in every tab (she also has a draft).
 */
export const SCHEDULED_POST: DemoPost = {
  title: 'A Spring Walk Along the Old Railway Line',
  category: 'city-life',
  secondCategory: 'wellness',
  tags: ['walking', 'seasonal'],
  author: 'writer-sofia',
  blocks: [
    p(
      'The old railway line closed forty years ago. The rails are long gone, but the path they left is one of the loveliest walks in the city, especially now that the blossom is out. #citywalks',
    ),
    h('The route'),
    p(
      'Start at the old station, now a café, and follow the embankment north for four kilometres. The path is flat, shaded and almost entirely free of traffic.',
    ),
    quote('The trains stopped, but the line kept going.'),
    p('Bring a picnic. There is a meadow halfway along that nobody seems to know about.'),
  ],
};

/**
 * The post that shows every kind of block (its content is built by kitchen-sink.ts; `blocks`
 * only feeds the excerpt-free parts of the planner).
 */
export const KITCHEN_SINK_POST: DemoPost = {
  title: 'Every Kind of Block a Post Can Hold',
  category: 'design',
  tags: ['how-to', 'the-web'],
  author: 'editor',
  blocks: [],
};

// ---------------------------------------------------------------------------------------------
// Comments

/** Top-level reader comments; generic enough to sit under any post, specific enough to read real. */
export const COMMENT_TEXTS: readonly string[] = [
  'This is exactly what I needed to read this week. Thank you for writing it.',
  'I tried this last weekend and it worked beautifully. Bookmarking for next time.',
  'Lovely piece. The part about slowing down really stayed with me.',
  'Saving this one. My partner and I have been talking about doing exactly this.',
  'I disagree a little with the middle section, but the ending won me over.',
  'Such a calm, thoughtful post. Your writing always makes me want to go outside.',
  'Great tips, especially the list. I would add: always carry a spare pair of socks!',
  'Read this on the train this morning and missed my stop. Worth it.',
  'Could you write more about this? I feel like there is a whole series here.',
  'Shared this with my book club and it started a very long conversation.',
  'The photos in this post are gorgeous. What camera do you use?',
  'I have been doing this for years and still picked up something new. Thanks!',
  'This made me smile. The bit about the café owner is just perfect.',
  'Honest and practical, which is rare. More posts like this, please.',
  'My grandmother used to say almost exactly the same thing.',
  'Printed this out and stuck it on the fridge. No higher compliment in our house.',
  'I went last spring and can confirm every word of this.',
  'Such a good reminder that the simple version is usually the best one.',
  'I laughed out loud at the part about the umbrella. Been there.',
  'Thank you for not making this another list of fifty things. Three good ones is plenty.',
  'Really helpful for a beginner like me. The step-by-step part was very clear.',
  'I would love a follow-up on what you would do differently next time.',
  'Brilliant writing as always. This blog is one of the few I read every week.',
  'Small correction: I think the museum is closed on Mondays now. Still a great list!',
  'This post convinced me to finally give it a try. Wish me luck.',
  'The quote in the middle is going straight into my notebook.',
  'Beautifully put. I have felt this for years but never found the words.',
  'Came for the practical advice, stayed for the writing.',
  'I made this for friends on Saturday and everyone asked for the recipe.',
  'Do you have any recommendations for doing this on a tighter budget?',
  'Reading this with a cup of coffee on a rainy morning felt just right.',
  'I sent this to my sister, who has been asking me about this for months.',
  'The section headings made this so easy to come back to. Thank you.',
  'Such a generous post. You clearly put a lot of time into it.',
  'This is the kind of internet I signed up for.',
  'Now I want to drop everything and go. Maybe next month!',
];

/** Replies to comments, from readers and from post authors. */
export const REPLY_TEXTS: readonly string[] = [
  'Thank you so much for reading, and for taking the time to comment!',
  'Ha, the socks tip is a good one. Adding it to the list.',
  'Agreed, that part got me too.',
  'Good question. I will write a follow-up soon, promise.',
  'Same here! It is nice to know I am not the only one.',
  'Let us know how it goes, I would love to hear.',
  'Thanks for the correction, I will update the post.',
  'That is so kind, thank you. It means a lot.',
  'I tried it after reading this comment and you are right.',
  'We should start a club.',
  'Totally fair point, and I probably could have explained that better.',
  'It is a small camera with a fixed lens. Nothing fancy, I promise!',
  'This made my day, thank you.',
  'Your grandmother sounds like a wise woman.',
  'Good luck! You will love it.',
  'Yes! And the second time is even better.',
  'On a budget, I would skip the first day’s plans entirely and just walk.',
  'I am so glad it helped.',
  'Seconded. Please write the series!',
  'Thank you, that is exactly what I was hoping for.',
];
