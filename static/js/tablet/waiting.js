// The queue of turns waiting on the device, as plain values: numbering, words, what goes next.
// The sending and the storage are in queue.js.

/** Each recorded turn moves the game on by one version; later turns expect the ones before.
 * Each keeps the place it was entered for: that is how a place taken meanwhile is found. */
export function renumbered(items, serverVersion) {
  return items.map((item, i) => ({ ...item, fields: { ...item.fields, version: serverVersion + i } }));
}

/** Whether the server's game has gone past the place ([round, turn]) a waiting turn was
 * entered for: another tablet recorded a turn there. */
export function placeTaken(place, [round, turn]) {
  return !!place && (place[0] < round || (place[0] === round && place[1] < turn));
}

/** The plural sample to use for n ("one", "few" or "many"), by the page's language. */
export function pluralSample(lang, n) {
  const rule = new Intl.PluralRules(lang || "en").select(n);
  return rule === "one" ? "one" : rule === "few" ? "few" : "many";
}

/** "Anna 1-2-3, drew 2" or "Boris passes": one waiting turn in the queue's list.
 * @param {{passText: string, drewText: string, handsText: string}} words translated samples */
export function describeItem(words, item) {
  const f = item.fields;
  if (f.kind === "hands") return words.handsText;
  let text = f.kind === "place" ? item.who + " " + item.tile : words.passText.replace("{who}", item.who);
  if (Number(f.draw)) text += ", " + words.drewText.replace("{n}", f.draw);
  return text;
}

/** A turn for the queue: the form's fields with the client key and version, who and which tile
 * kept apart for the list (the server does not take them). */
export function queueItem(fields, { key, url, version, place }) {
  const { who, tile, ...sent } = fields;
  return { key, url, who, tile: tile || "", place, fields: { ...sent, key, version } };
}

/** What the queue offers for a refused turn: another tablet's turn in its place is shown beside
 * it, to keep (dropping mine) or to correct; any other refusal is fixed or dropped. */
export function refusalChoices(item) {
  if (item.theirs) return item.theirs.correct ? ["keep", "correct"] : ["keep"];
  return ["fix", "drop"];
}

/** Whether the waiting turns may go in one request (scoring/views/queue.py takes turns only). */
export function allTurns(items) {
  return items.every((item) => item.fields.kind !== "hands");
}
