// The page's side of the tablet's own engine, a module Web Worker (served by the server from
// scoring/templates/scoring/js/tablet-engine-worker.js): requests answered in order.
// Until the engine is ready (or where there is no Worker or WebAssembly) `ready` is false and
// the tablet works from the server's data alone, as it always could.

/** @param {string} bundle the engine bundle's address @param {string} script the worker's */
export function startEngine(bundle, script) {
  const engine = { ready: false, failed: false, startMs: null, ask: null, whenReady: null };
  if (!bundle || !script || typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
    engine.failed = true;
    engine.whenReady = Promise.resolve(false);
    return engine;
  }
  const worker = new Worker(script, { type: "module" });
  const waiting = new Map();
  let next = 0;
  worker.addEventListener("message", ({ data: { id, value, error } }) => {
    const promise = waiting.get(id);
    waiting.delete(id);
    if (error) promise.reject(new Error(error)); else promise.resolve(value);
  });
  // A worker that cannot even load (its script unreachable) answers nothing: every request fails.
  worker.addEventListener("error", () => {
    waiting.forEach(({ reject }) => reject(new Error("the engine's worker did not start")));
    waiting.clear();
  });
  engine.ask = (ask) => new Promise((resolve, reject) => {
    next += 1;
    waiting.set(next, { resolve, reject });
    worker.postMessage({ id: next, ask });
  });
  engine.whenReady = engine.ask({ kind: "start", bundle }).then(({ ms }) => {
    engine.ready = true;
    engine.startMs = ms;
    document.documentElement.dataset.engine = "ready";  // for tests and benchmarks
    document.documentElement.dataset.engineMs = String(Math.round(ms));
    return true;
  }, (error) => {
    engine.failed = true;
    document.documentElement.dataset.engine = "failed";
    console.warn("the tablet's engine did not start:", error.message);
    return false;
  });
  return engine;
}
