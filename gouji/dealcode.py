"""``python -m gouji.dealcode``: deal codes to share and review (see gouji.cli.dealcode)."""

import sys

from .cli.dealcode import main

if __name__ == "__main__":
    sys.exit(main())
