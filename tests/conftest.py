"""Shared test configuration: Hypothesis profiles.

`default` is used locally, `ci` when the CI environment variable is set (CI runs are then
derandomized, so a failure there reproduces exactly). Pick one explicitly with
HYPOTHESIS_PROFILE=dev|default|ci.
"""

import os

from hypothesis import settings

# deadline=None: game simulations vary in time on a loaded 2-core machine; slow is not wrong.
settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", max_examples=20, deadline=None)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)
