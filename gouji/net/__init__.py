"""Play with friends: up to six people at one table over the local network,
bots in the empty seats (issue 40). See docs/network.md.

- ``protocol``: the messages (versioned JSON), checked field by field
- ``wire``: a seat's ``SeatView`` and the engine's events as JSON and back
- ``room``: a table without networking: the lobby, then the match, authoritative
- ``state``: the host's state folder (the app's save format, after every action)
- ``host``: the host over WebSockets (``Host``, ``HostConfig``); ``cli``: ``python -m gouji.server``
- ``client``: a player's end (``TableClient``); ``seat``: the same for a program with its own loop
  (``RemoteSeat``: poll and post); ``botclient``: headless players; ``records``: the match at its end
- ``discovery``: tables on the LAN (zeroconf), optional; ``phrases``, ``codes``, ``ratelimit``
- ``loopback``: a host and its players in one process (tests); ``bench``: ``python -m gouji.net.bench``
"""
