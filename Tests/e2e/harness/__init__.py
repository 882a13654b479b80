"""Test support: the server process, the browser, plain HTTP, the app's screens and strings."""
