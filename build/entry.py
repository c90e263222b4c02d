"""Entry script for PyInstaller (it needs a file, not a package entry point)."""

import sys

from gouji.app import main

if __name__ == "__main__":
    sys.exit(main())
