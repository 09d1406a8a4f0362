#!/usr/bin/env bash
# The third-party files fudge serve's page embeds, fetched from npm at build time (never from a CDN at run time):
# uPlot (MIT), pinned by src/Fudge.Cli/Serve/Vendor/package-lock.json. Copies its built script, its style sheet and
# its licence into src/Fudge.Cli/Serve/Vendor/dist/ (not committed), which the next build of src/Fudge.Cli embeds.
# Without them the tool builds and serves as before, and the page's charts say how to get them. .ci/run runs this
# before the build; so does a developer once: bash .ci/vendor-page.sh
set -euo pipefail
cd "$(dirname "$0")/../src/Fudge.Cli/Serve/Vendor"
npm ci --no-audit --no-fund --loglevel=error
mkdir -p dist
cp node_modules/uplot/dist/uPlot.iife.min.js dist/uPlot.iife.min.js
cp node_modules/uplot/dist/uPlot.min.css dist/uPlot.min.css
cp node_modules/uplot/LICENSE dist/uPlot.LICENSE.txt
echo "vendored uPlot $(node -p 'require("./node_modules/uplot/package.json").version') into src/Fudge.Cli/Serve/Vendor/dist"
