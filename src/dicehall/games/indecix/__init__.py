"""Indecix: two players place 36 dice on a 6x6 grid, capturing framed runs and completing lines."""

from dicehall.games import rules_names

# Nothing is imported here (the hub reads the spec alone): the rules' names come on first use.
__getattr__ = rules_names(
    __name__,
    "CODEC GAME RULES_VERSION evaluate initial make_agent num_players options_from_json options_to_json",
    "Choose Face IndecixOptions IndecixState Last Pass Place Suite",
)
