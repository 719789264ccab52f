"""Pig to 20, a sixth game that lives in this folder only: its declaration (spec), its rules (game, the
core tests' Pig) and its screen (scene). It declares no log lines, summary, hint, challenge, review,
tutorial, sounds or art: the shell's defaults stand in for each. The tests add it to the catalogue
(tests/app/test_toy_game.py, ``pig_in_the_catalogue``); nothing outside this folder names it."""
