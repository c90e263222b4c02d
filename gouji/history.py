"""``python -m gouji.history``: the player's recorded deals and matches (see gouji.cli.history)."""

import sys

from .cli.history import main

if __name__ == "__main__":
    sys.exit(main())
