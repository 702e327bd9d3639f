"""Run pytest; "no tests collected" (exit 5) must not fail CI, but it must not look like a pass either."""

import subprocess
import sys

code = subprocess.call([sys.executable, "-m", "pytest", *sys.argv[1:]])
if code == 5:
    print("\n*** pytest collected NO tests for", sys.argv[1:], "- this is not a pass. ***\n", file=sys.stderr)
    sys.exit(0)
sys.exit(code)
