"""One package per game. Each exposes ``GAME`` (a ``core.registry.GameDef``) and keeps the same file
names: actions (the JSON codec), options, rules (the state), ai (heuristics and agents), scene and texts
(its screen). Rules never import the UI or the browser."""
