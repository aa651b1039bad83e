"""``python -m tools.bundle``: build the standalone Spider (see build.py)."""

import sys

from tools.bundle.build import main

sys.exit(main())
