"""Le Roudalon: stake into the collective pot, hit it exactly with one or two dice, alone or in alliance."""

from dicehall.games import rules_names

# Nothing is imported here (the hub reads the spec alone): the rules' names come on first use.
__getattr__ = rules_names(
    __name__,
    "CODEC GAME RULES_VERSION initial make_agent num_players options_from_json options_to_json upgrade",
    "Accept Close Event Face Pass Propose Refuse RoudalonOptions RoudalonState Stake Throw",
)
