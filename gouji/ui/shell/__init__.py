"""The application's frame: the window and the main loop (``app``), starting and
stopping (``startup``), and the services the scenes use — notices, sound, the
history's worker thread, reviews made off the loop, hints from a searching bot —
and the ways from one screen to another (``records_nav``, ``learn_nav``)."""
