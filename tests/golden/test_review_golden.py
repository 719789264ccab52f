"""The golden reviews: each golden playthrough, reviewed by today's evaluators, reads exactly as recorded.
A failure shows the first differences; if the change is intended (an evaluator changed), run
``python tests/golden/regenerate_reviews.py`` and read the diff."""

from __future__ import annotations

import pytest
from playthrough import CASES, Case, diff
from review_playthrough import path_of, render


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_review_of_the_playthrough_matches_the_file(case: Case) -> None:
    path = path_of(case)
    assert path.exists(), f"{path.name} is missing: run python tests/golden/regenerate_reviews.py {case.name}"
    recorded = path.read_text(encoding="utf-8")
    reviewed = render(case)
    if reviewed != recorded:
        pytest.fail(f"{case.name}'s review changed:\n{diff(recorded, reviewed, path.name)}", pytrace=False)
