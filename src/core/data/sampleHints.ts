/**
 * What a variable's name says it holds, so generated sample data looks like a real record: an
 * e-mail field gets an address, a quantity a small whole number, an invoice number `INV-2024-0042`
 * (issue 29 item 12: "Email River Nova" and a quantity of 734.56 were not plausible). Pure: the
 * caller passes its seeded random source, so the same seed still gives the same data.
 */

type TextHint =
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'country'
  | 'postcode'
  | 'url'
  | 'company'
  | 'person'
  | 'product'
  | 'code'
  | 'title'
  | 'sentence';

type NumberHint = 'count' | 'money' | 'percent' | 'days' | 'year' | 'age';

/** `invoiceNumber`, `unit_price`, "Unit price" → lower-case words. */
export function nameWords(...names: (string | undefined)[]): string[] {
  return names
    .filter((name): name is string => !!name)
    .flatMap((name) =>
      name
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/),
    )
    .filter((word) => word !== '');
}

const has = (words: readonly string[], ...wanted: string[]) => wanted.some((w) => words.includes(w));

/** `context` is the words of the map or list the variable sits in (a customer's `name`). */
export function textHint(words: readonly string[], context: readonly string[] = []): TextHint | undefined {
  if (has(words, 'email', 'mail')) return 'email';
  if (has(words, 'phone', 'tel', 'telephone', 'mobile', 'fax')) return 'phone';
  if (has(words, 'address', 'street')) return 'address';
  if (has(words, 'city', 'town')) return 'city';
  if (has(words, 'country')) return 'country';
  if (has(words, 'zip', 'postcode', 'postal')) return 'postcode';
  if (has(words, 'url', 'website', 'homepage', 'link')) return 'url';
  if (has(words, 'company', 'organization', 'organisation', 'vendor', 'supplier', 'business', 'firm')) return 'company';
  if (has(words, 'sku', 'code', 'id', 'number', 'no', 'ref', 'reference')) return 'code';
  if (
    has(words, 'name', 'customer', 'recipient', 'contact', 'person', 'employee', 'buyer', 'owner', 'signer', 'author')
  )
    return has(context, 'company', 'vendor', 'supplier', 'seller', 'business', 'bank') ? 'company' : 'person';
  if (has(words, 'description', 'item', 'product', 'article', 'goods')) return 'product';
  if (has(words, 'subject', 'title', 'heading')) return 'title';
  if (has(words, 'note', 'notes', 'comment', 'comments', 'remark', 'remarks', 'message', 'body', 'text', 'terms'))
    return 'sentence';
  return undefined;
}

export function numberHint(words: readonly string[]): NumberHint | undefined {
  if (has(words, 'quantity', 'qty', 'count', 'pieces', 'pcs', 'units')) return 'count';
  if (has(words, 'percent', 'percentage', 'rate', 'discount', 'ratio')) return 'percent';
  if (has(words, 'days', 'term', 'terms')) return 'days';
  if (has(words, 'year')) return 'year';
  if (has(words, 'age')) return 'age';
  if (
    has(words, 'price', 'amount', 'total', 'subtotal', 'cost', 'fee', 'tax', 'sum', 'balance', 'due', 'paid', 'salary')
  )
    return 'money';
  return undefined;
}

const FIRST = ['Maria', 'Liam', 'Aisha', 'Jonas', 'Sofia', 'Kenji', 'Elena', 'Noah', 'Priya', 'Lucas', 'Mei', 'Chloé'];
const LAST = ['Schneider', 'Chen', 'Okafor', 'Novak', 'García', 'Tanaka', 'Rossi', 'Patel', 'Jensen', 'Dubois', 'Kim'];
const COMPANIES = [
  'Contoso Robotics Ltd.',
  'Northwind Traders',
  'Blue Harbor Foods',
  'Fabrikam Inc.',
  'Alpine Tools GmbH',
  'Lumen Studio',
  'Cedar & Co.',
  'Orbit Logistics',
];
const STREETS = ['Harbour Road', 'Maple Street', 'Friedrichstraße', 'Rue de la Paix', 'Cedar Avenue', 'King Street'];
const CITIES = ['Dublin', 'Berlin', 'Paris', 'Toronto', 'Melbourne', 'Osaka', 'Shanghai'];
const COUNTRIES = ['Ireland', 'Germany', 'France', 'Canada', 'Australia', 'Japan', 'China'];
const PRODUCTS = [
  'Laptop stand, aluminium',
  'Wireless mouse',
  'USB-C cable, 2 m',
  '27" monitor',
  'Desk lamp',
  'Notebook, A5, dotted',
  'Office chair',
  'Mechanical keyboard',
];
const TITLES = ['Order confirmation', 'Quarterly report', 'Delivery note', 'Welcome aboard', 'Payment reminder'];
const SENTENCES = [
  'Thank you for your order.',
  'Payment is due within 30 days.',
  'Please call before delivery.',
  'Deliver to the side entrance.',
  'Prices include VAT.',
];

export type Random = (min: number, max: number) => number;

const pick = <T>(list: readonly T[], int: Random): T => list[int(0, list.length - 1)]!;

/** Accents folded and spaces dropped: `Chloé García` → `chloe.garcia`. */
const mailbox = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The prefix of an identifier from its name: invoiceNumber → INV, orderNo → SO, sku → SKU. */
function codePrefix(words: readonly string[]): string {
  if (has(words, 'invoice')) return 'INV';
  if (has(words, 'order')) return words.includes('purchase') ? 'PO' : 'SO';
  if (has(words, 'sku')) return 'SKU';
  const first = words.find((w) => !has([w], 'id', 'no', 'number', 'code', 'ref', 'reference')) ?? 'ref';
  return first.slice(0, 3).toUpperCase();
}

export function sampleText(hint: TextHint, words: readonly string[], int: Random): string {
  switch (hint) {
    case 'email':
      return `${mailbox(pick(FIRST, int), pick(LAST, int))}@example.com`;
    case 'phone':
      return `+1 555 01${String(int(0, 99)).padStart(2, '0')}`;
    case 'address':
      return `${int(1, 240)} ${pick(STREETS, int)}, ${pick(CITIES, int)}`;
    case 'city':
      return pick(CITIES, int);
    case 'country':
      return pick(COUNTRIES, int);
    case 'postcode':
      return String(int(10000, 99999));
    case 'url':
      return `https://www.example.com/${pick(['orders', 'account', 'help'], int)}`;
    case 'company':
      return pick(COMPANIES, int);
    case 'person':
      return `${pick(FIRST, int)} ${pick(LAST, int)}`;
    case 'product':
      return pick(PRODUCTS, int);
    case 'code': {
      const prefix = codePrefix(words);
      return prefix === 'INV' || prefix === 'SO' || prefix === 'PO'
        ? `${prefix}-2024-${String(int(1, 9999)).padStart(4, '0')}`
        : `${prefix}-${String(int(100, 9999)).padStart(4, '0')}`;
    }
    case 'title':
      return pick(TITLES, int);
    case 'sentence':
      return pick(SENTENCES, int);
  }
}

export function sampleNumber(hint: NumberHint, int: Random): number {
  switch (hint) {
    case 'count':
      return int(1, 20);
    case 'money':
      // Prices people write: whole amounts or .50/.90/.99 endings, from 5 to 2,000.
      return int(5, 2000) + pick([0, 0.5, 0.9, 0.99], int);
    case 'percent':
      return int(0, 25) / 100;
    case 'days':
      return pick([7, 14, 30, 60], int);
    case 'year':
      return int(2018, 2025);
    case 'age':
      return int(18, 80);
  }
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Sums that agree with their parts: an item's amount is its quantity × unit price, and a total
 * beside a list of such items is their sum. `fields` is one record's numbers by variable words.
 */
export function lineAmount(numbers: ReadonlyMap<string, { words: string[]; value: number }>): number | undefined {
  let quantity: number | undefined;
  let price: number | undefined;
  for (const { words, value } of numbers.values()) {
    if (numberHint(words) === 'count') quantity = value;
    else if (has(words, 'price')) price = value;
  }
  return quantity !== undefined && price !== undefined ? cents(quantity * price) : undefined;
}

/** Does this number variable stand for the sum of its record's lines (amount, total, subtotal)? */
export function isSumName(words: readonly string[]): boolean {
  return has(words, 'amount', 'total', 'subtotal', 'sum') && !has(words, 'price', 'tax', 'paid', 'due');
}

export { cents };
