// Tablet data as the server sends it (scoring/tablet_data.py script_data), small enough to read.
export function playData(overrides = {}) {
  return {
    version: 7, game: 3, takes_turns: true, opening: false, hands: false, seat: 1,
    next_seats: [1, 2, 0], position: [0, 4], names: ["Anna", "Boris", "Vera"], draws_left: 3, draw_penalty: -5,
    pass: { draws: 3, points: -25, empties_pool: false }, urls: { turn: "/t/turn/", fits: "/t/fits/" },
    queue_key: "tablet-queue:3",
    cells: {
      "1,0": { points: "0,0 1,0 0.5,1", labels: [[0.1, 0.1], [0.9, 0.1], [0.5, 0.8]] },
      "-1,0": { points: "0,0 -1,0 -0.5,1", labels: [[0.1, 0.1], [-0.9, 0.1], [-0.5, 0.8]] },
    },
    tiles: {
      "0-1-2": [["1,0", [[0, 1, 2], [1, 2, 0]]], ["-1,0", [[2, 0, 1]]]],
      "3-4-5": [["-1,0", [[3, 4, 5]]]],
      "0-0-5": [],
    },
    ...overrides,
  };
}

export function openingData(overrides = {}) {
  return playData({ opening: true, seat: null, pass: null, draws_left: 0, ...overrides });
}
