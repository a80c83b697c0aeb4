"""The web app: rooms, persistence, timers and websockets, built on the Game protocol."""
