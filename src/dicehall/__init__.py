"""dicehall: five French dice games whose rules, computer opponents and interface are Python."""

__version__ = "0.1.0"
