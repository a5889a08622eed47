// The queue of turns waiting on the device, as plain values: numbering, words, what goes next.
// The sending and the storage are in queue.js.

/** Each recorded turn moves the game on by one version; later turns expect the ones before. */
export function renumbered(items, serverVersion) {
  return items.map((item, i) => ({ ...item, fields: { ...item.fields, version: serverVersion + i } }));
}

/** The plural sample to use for n ("one", "few" or "many"), by the page's language. */
export function pluralSample(lang, n) {
  const rule = new Intl.PluralRules(lang || "en").select(n);
  return rule === "one" ? "one" : rule === "few" ? "few" : "many";
}

/** "Anna 1-2-3, drew 2" or "Boris passes": one waiting turn in the queue's list.
 * @param {{passText: string, drewText: string}} words translated samples */
export function describeItem(words, item) {
  const f = item.fields;
  let text = f.kind === "place" ? item.who + " " + item.tile : words.passText.replace("{who}", item.who);
  if (Number(f.draw)) text += ", " + words.drewText.replace("{n}", f.draw);
  return text;
}

/** A turn for the queue: the form's fields with the client key and version, who and which tile
 * kept apart for the list (the server does not take them). */
export function queueItem(fields, { key, url, version }) {
  const { who, tile, ...sent } = fields;
  return { key, url, who, tile: tile || "", fields: { ...sent, key, version } };
}
