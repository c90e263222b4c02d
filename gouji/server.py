"""``python -m gouji.server``: a headless host for tables on the LAN (see gouji/net/cli.py)."""

import sys

from .net.cli import main

if __name__ == "__main__":
    sys.exit(main())
