// The engine's refusal in the referee's words, from the table the server sends with the page
// (scoring/messages.py `engine_words`, rendered in the page's language by the same sentences
// the server uses). Pure.

/** @param {Object<string, string|string[]>} table @param {{code: string, params: Object,
 *  orientation?: string}} refusal @returns {string} */
export function refusalWords(table, refusal) {
  const p = refusal.params || {};
  const pick = (key) => (typeof table[key] === "string" ? table[key] : null);
  let text = null;
  if (refusal.code === "mismatch") text = pick(`mismatch:${refusal.orientation}:${p.corner}`);
  else if (refusal.code === "out-of-turn") text = pick(`out-of-turn:${p.expected_seat}`);
  else if (Array.isArray(table[refusal.code])) {
    const n = { "too-many-draws": p.limit, "pool-empty": p.pool, "must-draw": p.needed }[refusal.code];
    text = table[refusal.code][n] ?? null;
  } else text = pick(refusal.code);
  if (text === null) text = table["*"] || refusal.code;
  return text.replace("{needed}", p.needed).replace("{given}", p.given);
}
