"""The standalone build's program: what the `spider` command of a pip install runs."""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
