"""Paradice: buy dice events on the original 13×13 board and collect their gains on every opponent roll."""

from dicehall.games import rules_names

# Nothing is imported here (the hub reads the spec alone): the rules' names come on first use.
__getattr__ = rules_names(
    __name__,
    "CODEC GAME RULES_VERSION initial make_agent num_players options_from_json options_to_json",
    "Buy Decline Dice Event Go ParadiceOptions ParadiceState Sell",
)
