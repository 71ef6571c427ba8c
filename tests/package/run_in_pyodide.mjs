// Runs tests/package/core_checks.py under Pyodide in Node.js, with cardlab's wheel installed,
// and prints what its main() returns (JSON; main is a coroutine, run on Pyodide's own event
// loop, the webloop, as a JupyterLite kernel's tasks are). Used by tests/package/test_pyodide.py:
//
//   node run_in_pyodide.mjs PYODIDE_DIR WHEEL CHECKS_PY README_MD
//
// PYODIDE_DIR is a folder where `npm install pyodide@VERSION` was run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, checks, readme] = process.argv.slice(2);
const entry = join(pyodideDir, "node_modules", "pyodide", "pyodide.mjs");
const { loadPyodide } = await import(pathToFileURL(entry).href);

// Python's own output goes to stderr, so that stdout holds the JSON result alone.
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
pyodide.FS.mkdirTree("/checks");
pyodide.FS.writeFile("/checks/core_checks.py", readFileSync(checks));
pyodide.FS.writeFile("/checks/README.md", readFileSync(readme));
const result = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/checks")
import core_checks
await core_checks.main("/checks/README.md")
`);
process.stdout.write(result);
