"""Games that exist for the tests only, each in its own folder as a real game is (docs/extending.md,
"Adding a game"), registered by the tests alone."""
