"""Tests of the core engine, the generic agents and the command line, against a toy game (Pig to 20)."""
