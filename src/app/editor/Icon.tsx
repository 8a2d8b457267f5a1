/** Line icons drawn in SVG: the editor never depends on which symbol fonts a system happens to have. */
const PATHS = {
  undo: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  redo: 'm15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h3',
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  duplicate: 'M8 8h12v12H8zM4 16V4h12',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  paste: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M9 13h6M9 17h4',
  columns: 'M4 4h16v16H4zM12 4v16',
  plus: 'M12 5v14M5 12h14',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignCenter: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  justify: 'M4 6h16M4 10h16M4 14h16M4 18h16',
  bullets: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M4 14h3l-3 4h3',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  image: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  table: 'M4 5h16v14H4zM4 10h16M4 15h16M10 5v14',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM18 14h2M14 18h2v2',
  barcode: 'M4 5v14M7 5v14M10 5v14M14 5v14M16 5v14M20 5v14',
  rule: 'M4 12h16',
  float: 'M4 4h16v16H4zM8 8h8v5H8z',
  label: 'M4 7h6M4 12h6M4 17h6M13 6h7v12h-7z',
  row: 'M4 5h7v14H4zM13 5h7v14h-7z',
  article: 'M6 3h9l4 4v14H6zM9 10h7M9 14h7M9 18h5',
  flow: 'M3 4h6v5H3zM15 15h6v5h-6zM6 9v5a2 2 0 0 0 2 2h7M12 13l3 3-3 3',
  close: 'M6 6l12 12M18 6 6 18',
  loop: 'M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4',
  sigma: 'M18 5H6l6 7-6 7h12',
  braces: 'M8 4H7a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h1M16 4h1a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-1',
  lineHeight: 'M3 8l3-3 3 3M3 16l3 3 3-3M6 5v14M12 6h9M12 12h9M12 18h9',
  back: 'M15 18l-6-6 6-6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="qe-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
