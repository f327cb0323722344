#!/usr/bin/env bash
# The coverage of `calibrate`'s 90% credible interval (docs/inference.md#calibration): fits with the
# truth drawn from the prior and synthetic timings made by the simulator with another seed, one
# prior-predictive table shared by all of them. Minutes on two cores; prints the coverage.
# Usage: scripts/calibration-coverage.sh [fits]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
SURFACESIM_CALIBRATION_COVERAGE=1 SURFACESIM_CALIBRATION_FITS="${1:-60}" \
  swift test --skip-build --filter CalibrationTests.testCoverageOfTheCredibleInterval 2>&1 | grep -E "calibration coverage|error|passed|failed"
