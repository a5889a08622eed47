{% load static %}// The tablet's own rules engine: the server's Python files (scoring/engine_bundle.py) run by
// Pyodide, off the page's thread. It is told the server's round (game_script.round_start) and
// plays turns on it, answering exactly what the server's engine will: the result and the table
// after it, or the refusal's code. No rule is written here.
// Served under /games/ (views.tablet_engine_worker), inside the tablet's service worker's scope,
// so that everything it loads is kept for a reload without a network.
import { loadPyodide } from "{% static 'pyodide/pyodide.mjs' %}";
const PYODIDE = new URL("{% get_static_prefix %}pyodide/", self.location.href).href;

let python = null;

async function start(bundle) {
  const t0 = performance.now();
  python = await loadPyodide({ indexURL: PYODIDE });
  const response = await fetch(bundle);
  if (!response.ok) throw new Error(`engine bundle: ${response.status}`);
  python.unpackArchive(new Uint8Array(await response.arrayBuffer()), "zip", { extractDir: "/bundle" });
  python.runPython(`
import json, sys
sys.path.insert(0, "/bundle")
from scoring.game_script import GameSession
session = None
def call(text):
    global session
    ask = json.loads(text)
    if ask["kind"] == "round":
        session = GameSession(ask["start"])
        return json.dumps(session.shown())
    if ask["kind"] == "play":
        t = ask["turn"]
        return json.dumps(session.play(t["seat"], t.get("draw", 0), t.get("at"), t.get("corners")))
    if ask["kind"] == "hands":
        return json.dumps(session.end_round(ask["fields"]))
    if ask["kind"] == "tile":
        return json.dumps(session.tile_check(ask["text"]))
    raise ValueError(ask["kind"])
`);
  return { ms: performance.now() - t0 };
}

self.addEventListener("message", async ({ data: { id, ask } }) => {
  try {
    const value = ask.kind === "start" ? await start(ask.bundle)
      : JSON.parse(python.globals.get("call")(JSON.stringify(ask)));
    self.postMessage({ id, value });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
});
