"""``python -m tools.sounds``: synthesize the committed sounds."""

import sys

from tools.sounds.cli import main

sys.exit(main())
