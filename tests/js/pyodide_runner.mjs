// Runs Python in Pyodide under Node, from node_modules, offline: the tablet's engine bundle
// (scoring/engine_bundle.py, base64 zip) unpacked, then `code` run with `args` (JSON) bound to
// the name ARGS; prints the value of its last expression as JSON. For
// tests/scoring/test_engine_in_pyodide.py and bench/tablet.py.
//   node tests/js/pyodide_runner.mjs < {"bundle": base64, "files": {path: text}, "code": …, "args": …}
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { loadPyodide } = await import(root + "node_modules/pyodide/pyodide.mjs");
const job = JSON.parse(readFileSync(0, "utf8"));
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: root + "node_modules/pyodide/" });
const loaded = performance.now();
pyodide.unpackArchive(new Uint8Array(Buffer.from(job.bundle, "base64")), "zip", { extractDir: "/bundle" });
for (const [path, text] of Object.entries(job.files || {})) {
  pyodide.FS.mkdirTree("/bundle/" + path.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile("/bundle/" + path, text);
}
pyodide.runPython("import sys; sys.path.insert(0, '/bundle')");
pyodide.globals.set("ARGS_JSON", JSON.stringify(job.args ?? null));
pyodide.runPython("import json; ARGS = json.loads(ARGS_JSON)");
const ready = performance.now();
let result;
try {
  result = pyodide.runPython(job.code);
} catch (error) {
  process.stderr.write(String(error.message || error).slice(-4000));  // Python's traceback
  process.exit(1);
}
const done = performance.now();
process.stdout.write(JSON.stringify({
  value: JSON.parse(result),
  ms: { load: loaded - t0, bundle: ready - loaded, run: done - ready },
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
}));
