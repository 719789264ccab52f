"""Charidice: six colour dice, 7 rounds; mark one colour or different colours, give the rest to the left."""

from dicehall.games import rules_names

# Nothing is imported here (the hub reads the spec alone): the rules' names come on first use.
__getattr__ = rules_names(
    __name__,
    "CODEC GAME RULES_VERSION initial make_agent num_players options_from_json options_to_json upgrade",
    "CharidiceOptions CharidiceState Claim Face Mark Roll Row Stop Turn",
)
