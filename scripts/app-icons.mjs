/*
 * Draws the installable app's icons (public/icons/*.png, named in public/manifest.webmanifest)
 * from the logo mark of app/components/public-layout.tsx: white "TWT" on the indigo gradient.
 * Run again only when the mark changes (`node scripts/app-icons.mjs`); the PNGs are committed.
 * The maskable icon fills its square and keeps the letters inside the middle 80%, the part
 * every platform's mask leaves visible.
 */
import sharp from "sharp";

const gradient = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#4338ca"/></linearGradient>`;
const letters = (size, scale) =>
  `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#fff" font-weight="700"
    font-family="Liberation Sans, Arial, sans-serif" font-size="${size * scale}" letter-spacing="${size * 0.01}">TWT</text>`;

const rounded = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs>${gradient}</defs><rect width="${size}" height="${size}" rx="${size * 0.22}" fill="url(#g)"/>${letters(size, 0.3)}</svg>`;
const maskable = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs>${gradient}</defs><rect width="${size}" height="${size}" fill="url(#g)"/>${letters(size, 0.22)}</svg>`;

const icons = [
  ["public/icons/icon-192.png", rounded(192)],
  ["public/icons/icon-512.png", rounded(512)],
  ["public/icons/maskable-512.png", maskable(512)],
  // iOS draws its own rounded corners and ignores transparency: the full square.
  ["public/icons/apple-touch-icon.png", maskable(180)],
];
for (const [file, svg] of icons) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file);
  console.log(file);
}
