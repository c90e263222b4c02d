"""The command line: the ``gouji`` program, the text demo, and the headless
tools (``python -m gouji.sim`` and its arena)."""
