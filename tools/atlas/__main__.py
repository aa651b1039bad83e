"""``python -m tools.atlas``: redraw the committed atlas."""

import sys

from tools.atlas.cli import main

sys.exit(main())
