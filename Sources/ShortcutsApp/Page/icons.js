// Shortcut icons: Apple's glyph numbers (private-use code points) drawn with a small set of
// the app's own icons. Apple's table of glyphs isn't public, so numbers map to icons by range
// and the rest to a few shapes picked by the number, always the same for the same number.

const paths = {
  spark: "M12 2l2.5 6.5L21 11l-6.5 2.5L12 20l-2.5-6.5L3 11l6.5-2.5z",
  bolt: "M13 2L4 14h6l-1 8 9-12h-6z",
  globe: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 0c3 3 3 15 0 18m0-18c-3 3-3 15 0 18M3 12h18",
  text: "M5 5h14M12 5v14M8 19h8",
  gear: "M12 8a4 4 0 100 8 4 4 0 000-8zm0-6v3m0 14v3m10-10h-3M5 12H2m17.1-7.1l-2.1 2.1M7 17l-2.1 2.1m14.2 0L17 17M7 7L4.9 4.9",
  clock: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v5l3 3",
  music: "M9 18V5l11-2v13M9 18a3 3 0 11-6 0 3 3 0 016 0zm11-2a3 3 0 11-6 0 3 3 0 016 0z",
  photo: "M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01",
  file: "M6 2h8l5 5v15H6zM14 2v5h5",
  chat: "M4 4h16v12H8l-4 4z",
  heart: "M12 21s-8-5-8-11a4.5 4.5 0 018-3 4.5 4.5 0 018 3c0 6-8 11-8 11z",
  home: "M3 11l9-8 9 8v10H3zM9 21v-6h6v6",
};
const order = Object.keys(paths);

/** The icon's name for a glyph number. */
export function iconName(glyph) {
  if (!glyph || glyph === 61440) return "spark";
  return order[Math.abs(Number(glyph)) % order.length];
}

/** An SVG element for a glyph, white strokes on the tile's colour. */
export function glyphIcon(glyph) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "glyph");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", paths[iconName(glyph)]);
  path.setAttribute("fill", "none");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", "2");
  path.setAttribute("stroke-linejoin", "round");
  path.setAttribute("stroke-linecap", "round");
  svg.append(path);
  return svg;
}

/** Apple's icon colours (WFWorkflowIconStartColor, RGBA as one number) as CSS. */
export function tileColor(color) {
  if (color === undefined || color === null) return "#5b5bd6";
  const value = Number(color) >>> 0;
  const r = (value >>> 24) & 255, g = (value >>> 16) & 255, b = (value >>> 8) & 255;
  return `rgb(${r}, ${g}, ${b})`;
}
