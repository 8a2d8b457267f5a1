/**
 * Ids for pages, rows, columns, blocks, table rows/columns/cells. They only need to be unique within
 * one document; a random part keeps ids from two devices apart when content is merged or pasted.
 */
let counter = 0;

type IdGenerator = (prefix: string) => string;

const randomIds: IdGenerator = (prefix) => {
  counter = (counter + 1) % 1_679_616;
  const random = Math.floor(Math.random() * 2_176_782_336)
    .toString(36)
    .padStart(6, '0');
  return `${prefix}_${random}${counter.toString(36).padStart(4, '0')}`;
};

let generator: IdGenerator = randomIds;

export function createId(prefix: string): string {
  return generator(prefix);
}

/** Swap the generator (tests use a sequential one for stable snapshots); returns a restore function. */
export function setIdGenerator(next: IdGenerator): () => void {
  const previous = generator;
  generator = next;
  return () => {
    generator = previous;
  };
}

export function sequentialIds(): IdGenerator {
  let n = 0;
  return (prefix) => `${prefix}_${++n}`;
}
