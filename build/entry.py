"""Entry script for PyInstaller (it needs a file, not a package entry point)."""

import multiprocessing
import sys

from gouji.cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()   # the expert bot's worker processes start this executable again
    sys.exit(main())
