// A turn waiting on the device, shown as played before the server has it. With the tablet's
// engine (its Web Worker) the table after it is the engine's own answer; until the engine is
// ready, only what needs no rules: the placed tile leaves the lists of fits (new fits only the
// engine can find) and the seat the server named as next after this one is to play.

/** @typedef {import("./contract.js").TabletData} TabletData */

/** The data after one waiting turn, as this device shows it; `data` itself is left as it was.
 * @param {TabletData} data
 * @param {{kind: string, seat: number, tile?: string, at_c?: string, at_r?: string}} item
 * @returns {TabletData} */
export function dataAfter(data, item) {
  const next = { ...data, tiles: { ...data.tiles } };
  if (item.kind === "place") {
    const key = item.at_c + "," + item.at_r;
    delete next.tiles[item.tile];
    for (const [tile, fits] of Object.entries(next.tiles)) {
      next.tiles[tile] = fits.filter(([k]) => k !== key);
    }
  }
  next.opening = false;
  next.seat = data.next_seats[item.seat];
  next.localSeat = next.seat;
  next.version = data.version + 1;
  next.position = [data.position[0], data.position[1] + 1];
  return next;
}

/** The data after one turn the tablet's engine played: its table (game_script.script_state),
 * one version on.
 * @param {TabletData} data @param {{script: Object}} answer @returns {TabletData} */
export function dataFromEngine(data, answer) {
  const next = { ...data, ...answer.script, version: data.version + 1 };
  next.localSeat = answer.script.seat;
  return next;
}
