"""Dés & Marchands: a 50×50 board, dice whose faces are directions and powers, bonus and merchant cells;
built to be extended (cells, bonus actions and face kinds are open lists: see docs/extending.md).
"""

from dicehall.games import rules_names

# Nothing is imported here (the hub reads the spec alone): the rules' names come on first use.
__getattr__ = rules_names(
    __name__,
    "CODEC GAME RULES_VERSION initial make_agent num_players options_from_json options_to_json",
    "Board Bonus Buy Event Layout Leave MarchandsOptions MarchandsState Move Replace Roll Sell Side",
)
