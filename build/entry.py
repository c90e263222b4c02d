"""Entry script for PyInstaller (it needs a file, not a package entry point)."""

import sys

from gouji.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
