"""``python -m gouji.sim``: headless deals and bot arenas (see gouji.cli.sim)."""

import sys

from .cli.sim import main

if __name__ == "__main__":
    sys.exit(main())
