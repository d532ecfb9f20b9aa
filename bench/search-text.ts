/*
 * The words of the search scenario's world (bench/search-world.ts): what an agency and its
 * clients write to each other. A vocabulary of about 3,000 words (agency nouns, verbs and
 * adjectives, days, tools, people's names, a long tail of 2,000 made-up brand names, some
 * French, German, Spanish, Portuguese and Italian, with their accents), put together by
 * ~70 sentence templates whose slots pick words by a Zipf law (the first words of each
 * list most often), and file names. Made here, with a seeded generator (the same world
 * every run), as pools the database then draws from: a message is one to three sentences
 * of the pool, so the SQL that writes a million of them only joins.
 *
 * Planted for the scenario's queries: "kumquat" in a few sentences of the pool (a rare word),
 * "new logo" in several templates (a phrase), "résumé" (found as "resume"), words that
 * start with "inv" (invoice, invoices, invited, inventory, investor, INV-… numbers), and
 * Nora Blake, the big agency's first team member, named nowhere else.
 */

export const RARE_WORD = "kumquat";
export const FROM_NAME = { first: "Nora", last: "Blake" };

/** mulberry32: a small seeded generator, so that the pools are the same every run. */
export function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from a list by a Zipf law: the item of rank r with weight 1 / (r + 1)^s. */
function zipf<T>(items: readonly T[], random: () => number, s = 1.05) {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < items.length; rank++) cumulative.push((total += 1 / (rank + 1) ** s));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return items[low];
  };
}

const words = (text: string) => text.trim().split(/\s+/);
const items = (text: string) =>
  text
    .split("|")
    .map((item) => item.trim())
    .filter(Boolean);

// Most likely first: each slot's list is drawn by rank.
const NOUNS = words(`
  file design draft website homepage mockup brief proof copy post photos logo banner deck invoice
  feedback budget quote contract deadline meeting call campaign newsletter report launch
  brand palette fonts headline tagline slides presentation video thumbnail flyer brochure poster
  packaging label icons illustration animation storyboard script voiceover blog article email
  signature template menu form button footer header navigation favicon screenshot prototype
  wireframe wireframes mockups drafts proofs guidelines branding colours typography invoices
  estimate deliverables revision revisions approval sign-off agenda analytics traffic keywords
  ranking backlinks sitemap domain hosting server staging release bug fix update plugin checkout
  payment receipt VAT retainer hours timesheet photoshoot footage illustrations podcast interview
  articles testimonial testimonials reviews audience persona strategy roadmap timeline milestone
  kickoff workshop survey results conversion clicks impressions reach followers engagement
  inventory invitation investor pitch booth signage merch t-shirts mugs stickers letterhead
  portfolio résumé CV storefront showroom catalogue catalog lookbook moodboard favicon banners
  ads stories reels captions hashtags carousel giveaway webinar landing popup cookie analytics
  dashboard spreadsheet contract addendum purchase order PO timesheets
`);
const VERBS = words(`
  send check share review approve update fix upload export print publish schedule move push
  finish start launch test sign pay book confirm cancel resend revise tweak polish crop resize
  translate proofread draft post boost track compare merge prepare discuss finalise finalize
  deliver archive rename invoice reschedule shoot edit render compress redesign
`);
const PAST = words(`
  sent checked shared reviewed approved updated fixed uploaded exported printed published
  scheduled moved pushed finished started launched tested signed paid booked confirmed cancelled
  revised tweaked polished cropped resized translated proofread drafted posted boosted tracked
  compared merged prepared discussed finalised delivered archived renamed invoiced rescheduled
  shot edited rendered redesigned invited
`);
const ADJECTIVES = words(`
  new final latest updated revised first second old last approved signed overdue urgent quick
  short long big small bold clean bright dark warm minimal modern playful elegant simple sharp
  blurry lighter darker bigger smaller better great perfect fine good nice rough tidy crisp vibrant
  muted green blue red orange purple black white gold silver pastel retro rustic premium
`);
const WHEN = items(`
  today | tomorrow | this afternoon | tonight | this week | next week | on Monday | on Tuesday |
  on Wednesday | on Thursday | on Friday | by Friday | by end of day | EOD | ASAP | after lunch |
  before the weekend | first thing Monday | over the weekend | later today | next month
`);
const DAYS = words("Monday Tuesday Wednesday Thursday Friday Saturday Sunday");
const MONTHS = words("January February March April May June July August September October November December");
const TOOLS = words("Drive Dropbox Figma Slack Notion Trello Asana WordPress Shopify Webflow Mailchimp Canva Zoom");
const PLACES = items(`
  on Zoom | on Google Meet | on Teams | at the office | at the studio | at their shop | by phone |
  at the café | in the showroom
`);
const GREETINGS = items("Hi | Hello | Hey | Morning | Good morning | Dear | Thanks | Thank you | Cheers");
const FILLERS = words(`
  actually maybe probably also just really still already again though anyway honestly basically
  hopefully quickly definitely totally
`);
export const FIRST_NAMES = words(`
  Ada Alex Amara Ben Bianca Carlos Chloé Dana David Elena Emil Fatima Felix Grace Hana Hugo Inès
  Isaac Jamal Jana Jonas Julia Kai Karin Leo Lina Lucas Maya Marco Mei Mia Nadia Noah Olga Omar
  Paula Pedro Priya Quinn Rafael Rosa Sam Sara Søren Tariq Theo Uma Victor Wen Yara Yusuf Zoe
  François José Zoë Björn Łukasz Renée Aurélie Mateo
`);
export const LAST_NAMES = words(`
  Adams Alvarez Andersen Baker Becker Blanc Brown Carter Chen Costa Dubois Evans Fischer García
  Gomez Hansen Hughes Ivanova Jensen Kim Klein Kowalski Larsen Lee Lefèvre López Martin Meyer
  Moreau Müller Nakamura Nguyen Novak O'Brien Patel Petrov Rossi Russo Sato Schmidt Silva Singh
  Smith Svensson Tanaka Taylor Thompson Wagner Weber Wójcik Young Zhang Núñez Østergaard Çelik
`);
/** What follows a brand in a space's name. */
export const SPACE_KINDS = words(`
  Website Rebrand SEO Launch Social Packaging Newsletter Campaign Retainer Print Shop App Video
  Photoshoot Catalogue Identity Ads Content Podcast Event
`);

/** 2,000 brand names made of syllables: the vocabulary's long tail, each one rare. */
export const BRANDS = (() => {
  const heads = words(`
    Al Bel Cor Dra El Fen Gal Hal Ith Jun Kel Lum Mar Nor Ori Pax Quin Ros Sol Tor Ul Ver Wil Xan
    Yor Zen Bri Cal Dun Ever Fal Glen Har Isa Kor Lor Mon Nex Oak Pin
  `);
  const middles = words("a e i o u ar en ia or y");
  const tails = words("ra dex ly via tech wood field nova ora ix on stone gate bridge works labs co ent ique mont");
  const random = randomOf(7);
  const names = new Set<string>();
  while (names.size < 2_000) {
    const pick = (list: string[]) => list[Math.floor(random() * list.length)];
    names.add(pick(heads) + pick(middles) + pick(tails));
  }
  return [...names];
})();

type Slots = Record<string, () => string>;

/** Sentence templates; `{slot}` is filled from the slots below. The first ones most often. */
const TEMPLATES = items(`
  The {adj} {noun} is in the shared folder. |
  Can you {verb} the {noun} for {brand} {when}? |
  {greeting} {first}, the {noun} is ready for your review. |
  We {past} the {noun} and the {noun} {when}. |
  Invoice {inv} is {overdue}: {money} due on {date}. |
  Thanks! I'll {verb} the {noun} {when}. |
  Quick question about the {noun}: should we {verb} it before the launch? |
  {first} {past} the {noun}, so we can {verb} the {noun} now. |
  The {noun} looks {adj}, but the {noun} needs another revision. |
  Meeting moved to {day} at {time} {place}. |
  Here is the new logo for {brand}, with the {adj} palette. |
  Launch is set for {date}; {brand} wants the {noun} live by then. |
  Client feedback on the {noun}: {adj}, {adj}, a little too {adj}. |
  Uploaded the {adj} {noun} to {tool}: {url} |
  {filler} {verb} the {noun} {filler}, {first} {past} it {when}. |
  Our SEO report for {month}: traffic up {pct}, {num} new backlinks, {noun} ranking at #{rank}. |
  Sent you the invoice for {month}, {money} as agreed in the {noun}. |
  Could you send us the {adj} {noun} and the {noun}? |
  @{first} can you {verb} this {when}? |
  I prefer the new logo in {color}, the old one feels {adj}. |
  The new logo goes on the {noun}, the {noun} and the {noun}. |
  Attached the résumé of {first} {last} for the {noun} role. |
  Please {verb} the {noun} and {verb} the {noun} {when}. |
  {brand} asked for a {adj} {noun} instead of the {noun}. |
  Payment received, thank you! Receipt {inv} attached. |
  We invited {first} {last} from {brand} to the kickoff {when}. |
  The inventory for the {noun} is at {num} units. |
  Can we move the call to {day}? {first} is out {when}. |
  Final {noun} {past}, waiting on the {noun} from {brand}. |
  Budget for the {noun}: {money}, and {money} for the {noun}. |
  {word} {word} {word} {word} {word}. |
  {word} {word} {noun} {word} {word} {word}? |
  {filler} the {word} {word}, {word} {word}. |
  ok | thanks! | sounds good | perfect, thank you | 👍 | will do | on it | approved ✅ | got it, thanks {first} |
  Bonjour {first}, la facture {inv} est prête. |
  Merci pour le devis, on valide le nouveau logo. |
  La réunion de {day_fr} est déplacée à {time}. |
  Pouvez-vous envoyer les épreuves avant vendredi ? |
  Le café de {brand} veut une nouvelle façade pour la vitrine. |
  On a bien reçu le résumé du brief, c'est très clair. |
  Danke {first}, die Rechnung {inv} ist bezahlt. |
  Können wir den Termin auf {day_de} verschieben? |
  Das neue Logo gefällt uns sehr gut, schöne Arbeit! |
  Die Präsentation für {brand} ist fertig zur Prüfung. |
  Hola {first}, la factura {inv} ya está pagada. |
  Gracias, el presupuesto de {money} está aprobado. |
  ¿Podemos cambiar el diseño del logotipo para {brand}? |
  El lanzamiento de {brand} será en {month_es}. |
  Obrigado, o orçamento está ótimo e a reunião é às {time}. |
  Grazie {first}, la fattura è arrivata, perfetto così.
`);
// Templates at the end of the list are the foreign ones: a little of each language.

function slotsOf(random: () => number): Slots {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const digits = (count: number) => String(Math.floor(random() * 10 ** count)).padStart(count, "0");
  const everything = [
    ...FILLERS,
    ...NOUNS,
    ...VERBS,
    ...ADJECTIVES,
    ...PAST,
    ...DAYS,
    ...MONTHS,
    ...TOOLS,
    ...FIRST_NAMES,
    ...LAST_NAMES,
    ...BRANDS,
  ];
  const brand = zipf(BRANDS, random, 0.6);
  const noun = zipf(NOUNS, random);
  return {
    noun,
    verb: zipf(VERBS, random),
    past: zipf(PAST, random),
    adj: zipf(ADJECTIVES, random),
    when: zipf(WHEN, random),
    day: () => pick(DAYS),
    day_fr: () => pick(words("lundi mardi mercredi jeudi vendredi")),
    day_de: () => pick(words("Montag Dienstag Mittwoch Donnerstag Freitag")),
    month: () => pick(MONTHS),
    month_es: () => pick(words("enero febrero marzo abril mayo junio julio agosto septiembre octubre")),
    tool: zipf(TOOLS, random),
    place: () => pick(PLACES),
    greeting: zipf(GREETINGS, random),
    filler: () => pick(FILLERS),
    first: zipf(FIRST_NAMES, random, 0.8),
    last: zipf(LAST_NAMES, random, 0.8),
    brand,
    word: zipf(everything, random, 1.0),
    color: () => pick(words("green blue red orange purple black white gold navy teal")),
    overdue: () => pick(items("overdue | paid | due next week | still open | two weeks late")),
    inv: () => `INV-${2025 + Math.floor(random() * 2)}-${digits(4)}`,
    money: () => `${pick(["€", "$", "£"])}${(Math.floor(random() * 200) * 50 + 250).toLocaleString("en")}`,
    date: () =>
      `2026-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`,
    time: () => pick(items("9:30 | 10am | 11:00 | 2pm | 3:15 | 16:00 | 17h30 | noon")),
    pct: () => `${1 + Math.floor(random() * 40)}%`,
    num: () => String(2 + Math.floor(random() * 400)),
    rank: () => String(1 + Math.floor(random() * 20)),
    url: () =>
      `https://${brand().toLowerCase()}.example.com/${pick(items("launch | pricing | blog/new-logo | shop | about | contact | menu"))}`,
  };
}

function fill(template: string, slots: Slots) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const slot = slots[name];
    if (!slot) throw new Error(`No slot {${name}} for the search world's sentences`);
    return slot();
  });
}

/** `count` sentences; "kumquat" is in `rare` of them (spread over the pool), and nowhere else. */
export function sentencePool(count: number, { rare = 1, seed = 42 } = {}): string[] {
  const random = randomOf(seed);
  const slots = slotsOf(random);
  const template = zipf(TEMPLATES, random, 0.7);
  const pool = Array.from({ length: count }, () => fill(template(), slots));
  for (let index = 0; index < rare; index++)
    pool[Math.floor(((index + 0.5) * count) / rare)] =
      `The ${RARE_WORD} jam labels for ${slots.brand()} are at the printer.`;
  return pool;
}

export type FileName = { name: string; extension: string; type: string };

const FILE_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
};

const FILE_TEMPLATES = items(`
  Invoice {inv}.pdf | {brand} logo final v{n}.png | logo-{slug}-v{n}.svg | IMG_{four}.jpg |
  homepage-mockup-{n}@2x.png | {brand} brand guidelines 2026.pdf | {month} SEO report.xlsx |
  Contract {brand} signed.pdf | photoshoot-{four}.jpg | launch-video-cut{n}.mp4 | {brand} deck {month}.pptx |
  copy-{slug}-draft{n}.docx | Résumé {first} {last}.pdf | Facture {inv}.pdf | Rechnung {inv}.pdf |
  new logo options.pdf | packaging-dieline-{slug}.pdf | fonts.zip | Screenshot 2026-{mm}-{dd} at {hh}.{mi}.png |
  {brand} quote {four}.pdf | menu {brand} café.pdf | banner-{n}x{n}00.png
`);

/** `count` names of shared files, each with the extension and type its bytes would have. */
export function fileNamePool(count: number, seed = 43): FileName[] {
  const random = randomOf(seed);
  const slots = slotsOf(random);
  const two = () => String(1 + Math.floor(random() * 28)).padStart(2, "0");
  Object.assign(slots, {
    n: () => String(1 + Math.floor(random() * 9)),
    four: () => String(Math.floor(random() * 10_000)).padStart(4, "0"),
    slug: () => slots.brand().toLowerCase(),
    mm: () => String(1 + Math.floor(random() * 12)).padStart(2, "0"),
    dd: two,
    hh: () => String(8 + Math.floor(random() * 11)),
    mi: two,
  });
  const template = zipf(FILE_TEMPLATES, random, 0.5);
  return Array.from({ length: count }, () => {
    const name = fill(template(), slots);
    const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
    return { name, extension, type: FILE_TYPES[extension] };
  });
}
