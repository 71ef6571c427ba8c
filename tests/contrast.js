// The contrast of every piece of text under a root element against the colours behind it
// (WCAG 2 contrast ratio; translucent colours composited; the page white if nothing under the
// text is opaque). Read by tests/browser/test_apps_and_themes.py and
// tests/package/test_docs_in_browser.py, and evaluated in the page by Playwright:
// element.evaluate(this text) returns [{text, ratio}, ...].
(root) => {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) =>
    [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const behind = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const found = [];
  for (const element of [root, ...root.querySelectorAll("*")]) {
    const own = [...element.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent.trim())
      .join(" ")
      .trim();
    if (!own || element.getClientRects().length === 0) continue;
    const ink = parse(getComputedStyle(element).color);
    if (ink[3] === 0) continue;  // a card back's "??" is not meant to be read
    const ground = behind(element);
    const a = luminance(over(ink, ground));
    const b = luminance(ground);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    found.push({ text: own.slice(0, 40), ratio: Math.round(ratio * 100) / 100 });
  }
  return found;
}
