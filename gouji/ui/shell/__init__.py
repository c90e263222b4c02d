"""The application's frame: the window and the main loop (``app``), starting and
stopping (``startup``), the services the scenes use — notices and sound (the
threads are in ``gouji.ui.workers``) — and the ways from one screen to another
(``records_nav``, ``learn_nav``)."""
