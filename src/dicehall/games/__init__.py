"""One package per game, each declared once by its ``spec`` module (``SPEC``, a ``core.spec.GameSpec``):
the catalogue (core.registry), the hub, the new-game form, the menus, the command line and the rules
pages are built from these declarations. A game keeps the same file names: spec (its declaration),
options (its options schema), game (``GAME``, a ``core.registry.GameDef``), actions (the JSON codec),
rules (the state), ai (heuristics and agents), scene and texts (its screen). Rules never import the UI
or the browser; a spec imports no rules."""

# The games of the hall, in the hub's order: their declarations' modules.
SPECS: tuple[str, ...] = (
    "dicehall.games.paradice.spec",
    "dicehall.games.indecix.spec",
    "dicehall.games.charidice.spec",
    "dicehall.games.roudalon.spec",
    "dicehall.games.marchands.spec",
)
