"""The command line: the ``gouji`` program, the text demo, and the headless
tools (``python -m gouji.sim`` and its arena, ``python -m gouji.dealcode``,
``python -m gouji.history``, the benchmarks)."""
