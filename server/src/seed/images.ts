/**
 * Images of the demo store, drawn here as SVG so nothing is fetched from the internet.
 * Each is a gradient card with a simple emblem; the store's names are in HTML, not in images.
 */
const palettes = [
  ['#6d28d9', '#db2777'],
  ['#0ea5e9', '#22c55e'],
  ['#f59e0b', '#ef4444'],
  ['#14b8a6', '#6366f1'],
  ['#8b5cf6', '#06b6d4'],
  ['#f97316', '#eab308'],
  ['#10b981', '#3b82f6'],
  ['#e11d48', '#7c3aed'],
];

const emblems = [
  // controller
  '<rect x="-70" y="-35" width="140" height="70" rx="35" fill="#fff" fill-opacity=".9"/><circle ' +
    'cx="-35" cy="0" r="10" fill="#111" fill-opacity=".5"/><circle cx="35" cy="-10" r="7" fill="#111" ' +
    'fill-opacity=".5"/><circle cx="50" cy="8" r="7" fill="#111" fill-opacity=".5"/>',
  // diamond
  '<path d="M0-60 50-10 0 60-50-10Z" fill="#fff" fill-opacity=".9"/><path ' +
    'd="M-50-10h100" stroke="#111" stroke-opacity=".3" stroke-width="4"/>',
  // coin
  '<circle r="55" fill="#fff" fill-opacity=".9"/><circle r="38" fill="none" ' +
    'stroke="#111" stroke-opacity=".35" stroke-width="8"/>',
  // card
  '<rect x="-70" y="-45" width="140" height="90" rx="12" fill="#fff" fill-opacity=".9"/><rect ' +
    'x="-70" y="-25" width="140" height="16" fill="#111" fill-opacity=".4"/>',
  // star
  '<path d="M0-60 17-18 62-18 26 9 39 52 0 26-39 52-26 9-62-18-17-18Z" fill="#fff" fill-opacity=".9"/>',
  // bolt
  '<path d="M12-65-40 10h32l-14 55 52-75H-2Z" fill="#fff" fill-opacity=".9"/>',
];

export function cardSvg(seed: number, width = 400, height = 300): string {
  const [a, b] = palettes[seed % palettes.length]!;
  const emblem = emblems[seed % emblems.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/>` +
    `<stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.85}" cy="${height * 0.15}" r="${height * 0.35}" fill="#fff" fill-opacity=".08"/>
<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.4}" fill="#000" fill-opacity=".08"/>
<g transform="translate(${width / 2} ${height / 2})">${emblem}</g>
</svg>`
  );
}

export function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/>` +
    `<stop offset="1" stop-color="#ec4899"/></linearGradient></defs>
<rect width="128" height="128" rx="28" fill="url(#g)"/>
<circle cx="64" cy="64" r="34" fill="none" stroke="#fff" stroke-width="10"/>
<path d="M64 44v40M52 54h18a8 8 0 0 1 0 16H56" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>
</svg>`
  );
}
