// What the server tells the tablet's script about the table (#tablet-data, made by
// scoring/tablet_data.py `script_data`). The script reads it through `readTabletData` only, so a
// field renamed on one side fails here, by name, instead of leaving a control quietly wrong.
// The script judges no move and knows no rules: it is told whether a turn may be entered, whether
// it is the opening, who plays now and who plays after each seat.

/**
 * @typedef {{points: string, labels: number[][]}} Cell  a cell drawn on the board
 * @typedef {[string, number[][]]} Fit  a cell ("c,r") and the corners that fit there
 * @typedef {{draws: number, points: number, empties_pool: boolean}} PassCost
 * @typedef {Object} TabletData
 * @property {number} version  the game's version the board shows
 * @property {number} game
 * @property {boolean} takes_turns  a turn may be entered now (the opening or play)
 * @property {boolean} opening  the table is empty: the referee says who opens
 * @property {boolean} hands  the round ended: the hands left are entered
 * @property {?number} seat  who plays now; null in the opening and when no turn is due
 * @property {number[]} next_seats  who plays after each seat, by seat
 * @property {number[]} position  [round, turn]: where the next turn goes (0-based)
 * @property {string[]} names  by seat
 * @property {number} draws_left  how many tiles the seat to play may still draw
 * @property {number} draw_penalty  points one draw costs (negative)
 * @property {?PassCost} pass  what a pass costs now; null when no pass is possible
 * @property {Object<string, string>} urls
 * @property {string} queue_key  where this game's waiting turns are kept on the device
 * @property {Object<string, Cell>} cells  every cell some tile fits ({} when no turn is due)
 * @property {Object<string, Fit[]>} tiles  per tile not on the table, where it fits
 * @property {boolean} correcting  the correction page: one turn entered again
 * @property {?{points: string, labels: Array}} recorded  the corrected turn's cell
 * @property {number} [localSeat]  set on this device only: the seat after turns not yet sent
 */

export class ContractError extends Error {
  constructor(field, wanted) {
    super(`#tablet-data: ${field} should be ${wanted}`);
    this.field = field;
  }
}

const isInt = (v) => Number.isInteger(v);
const CHECKS = {
  version: [isInt, "an integer"],
  game: [isInt, "an integer"],
  takes_turns: [(v) => typeof v === "boolean", "true or false"],
  opening: [(v) => typeof v === "boolean", "true or false"],
  hands: [(v) => typeof v === "boolean", "true or false"],
  seat: [(v) => v === null || isInt(v), "a seat or null"],
  next_seats: [(v) => Array.isArray(v) && v.every(isInt), "a list of seats"],
  position: [(v) => Array.isArray(v) && v.length === 2 && v.every((n) => isInt(n) && n >= 0),
             "[round, turn]"],
  names: [(v) => Array.isArray(v) && v.every((n) => typeof n === "string"), "a list of names"],
  draws_left: [(v) => isInt(v) && v >= 0, "a count"],
  draw_penalty: [isInt, "an integer"],
  pass: [(v) => v === null || (isInt(v.draws) && isInt(v.points)
                               && typeof v.empties_pool === "boolean"), "a pass cost or null"],
  urls: [(v) => v !== null && typeof v === "object", "an object"],
  queue_key: [(v) => typeof v === "string", "a string"],
};

/** The server's data checked field by field; optional parts filled in. Throws ContractError.
 * @param {unknown} raw
 * @returns {TabletData} */
export function readTabletData(raw) {
  if (raw === null || typeof raw !== "object") throw new ContractError("the data", "an object");
  for (const [field, [ok, wanted]] of Object.entries(CHECKS)) {
    if (!(field in raw) || !ok(raw[field])) throw new ContractError(field, wanted);
  }
  if (raw.next_seats.length !== raw.names.length) {
    throw new ContractError("next_seats", "one seat per player");
  }
  if (raw.seat !== null && !(raw.seat >= 0 && raw.seat < raw.names.length)) {
    throw new ContractError("seat", "a seat at this table");
  }
  const data = { cells: {}, tiles: {}, correcting: false, recorded: null, ...raw };
  for (const [tile, fits] of Object.entries(data.tiles)) {
    if (!Array.isArray(fits) || fits.some(([key]) => !(key in data.cells))) {
      throw new ContractError(`tiles[${tile}]`, "a list of cells that are drawn");
    }
  }
  return data;
}
