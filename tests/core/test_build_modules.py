"""The build's fingerprinting of the page's host (buildtool/webmodules.py: each ES module named by its content,
its imports rewritten to those names) and its store of cached results (buildtool/common.py); no browser."""

from __future__ import annotations

import os
import re

import pytest

from buildtool import common, webmodules
from buildtool.common import WEB


def write_modules(folder, files: dict[str, str]):
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


MODULES = {
    "page.js": "export const a = 1;\n",
    "api.js": 'import { a } from "./page.js";\nexport const b = a;\n',
    "boot.js": 'import { b } from "./api.js";\nimport "./input.js";\nimport("./page.js");\n',
    "input.js": "import { a } from './page.js';\n",
}


def test_each_module_is_named_by_its_content_with_its_imports_renamed(tmp_path):
    named = webmodules.fingerprint_modules(write_modules(tmp_path / "src", MODULES), tmp_path / "out")
    assert set(named) == set(MODULES)
    assert list(named).index("page.js") < list(named).index("api.js") < list(named).index("boot.js")
    for source, name in named.items():
        assert re.fullmatch(re.escape(source[:-3]) + r"-[0-9a-f]{10}\.js", name)
    boot = (tmp_path / "out" / named["boot.js"]).read_text(encoding="utf-8")
    assert f'from "./{named["api.js"]}"' in boot
    assert f'import "./{named["input.js"]}"' in boot
    assert f'import("./{named["page.js"]}")' in boot
    assert f"from './{named['page.js']}'" in (tmp_path / "out" / named["input.js"]).read_text(encoding="utf-8")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(named.values())


def test_a_change_renames_the_module_and_those_that_import_it_only(tmp_path):
    before = webmodules.fingerprint_modules(write_modules(tmp_path / "a", MODULES), tmp_path / "out-a")
    changed = {**MODULES, "api.js": MODULES["api.js"] + "export const c = 2;\n"}
    after = webmodules.fingerprint_modules(write_modules(tmp_path / "b", changed), tmp_path / "out-b")
    assert [m for m in MODULES if before[m] != after[m]] == ["api.js", "boot.js"]


def test_a_cycle_or_a_missing_module_is_refused(tmp_path, capsys):
    cycle = {"a.js": 'import "./b.js";\n', "b.js": 'import { x } from "./a.js";\n'}
    with pytest.raises(SystemExit):
        webmodules.fingerprint_modules(write_modules(tmp_path / "cycle", cycle), tmp_path / "out")
    assert "cycle" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        webmodules.fingerprint_modules(
            write_modules(tmp_path / "missing", {"a.js": 'import "./gone.js";\n'}), tmp_path / "o"
        )
    assert "gone.js" in capsys.readouterr().err


def test_the_page_host_builds_from_boot(tmp_path):
    named = webmodules.fingerprint_modules(WEB / "host", tmp_path)
    assert "boot.js" in named
    reached, todo = set(), ["boot.js"]
    while todo:  # every module is reached from the entry: none is left out of the page
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo += webmodules.imports((WEB / "host" / name).read_text(encoding="utf-8"))
    assert reached == set(named)


def test_the_cache_store_keeps_a_racing_builds_copy_and_the_newest_four(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "CACHE_DIR", tmp_path)
    for i in range(5):
        old = tmp_path / f"kind-old{i}"
        old.mkdir()
        os.utime(old, (1000 + i, 1000 + i))
    first, second = tmp_path / "work-1", tmp_path / "work-2"
    for work, text in ((first, "first"), (second, "second")):
        (work / "out").mkdir(parents=True)
        (work / "out" / "result").write_text(text)
    cache = tmp_path / "kind-new"
    common.store_cache(first, cache, "kind-*")
    common.store_cache(second, cache, "kind-*")  # the same cache, stored first by a build beside this one
    assert (cache / "result").read_text() == "first"
    assert not first.exists() and not second.exists()
    assert sorted(p.name for p in tmp_path.glob("kind-*")) == ["kind-new", "kind-old2", "kind-old3", "kind-old4"]
