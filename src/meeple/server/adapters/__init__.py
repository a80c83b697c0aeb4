"""What the server needs from each game beyond the Game protocol: one module per game (``make_adapter``)."""
