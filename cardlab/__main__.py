"""``python -m cardlab``: the ``cardlab`` command (see :mod:`cardlab.cli`)."""

import sys

from cardlab.cli import main

if __name__ == "__main__":
    sys.exit(main())
